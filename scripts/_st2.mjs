import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const page = await browser.newPage()
await page.goto(process.argv[2])
await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' })
const r = await page.evaluate(() => ['16olh1l','1y4s43i'].map(h => { const s = document.querySelector(`style[data-css-hash="${h}"]`); return h + ' ' + (s ? [...s.attributes].map(a=>a.name+'='+a.value).join(' ') + '\n' + s.textContent : 'none') }))
const fs = await import('node:fs'); fs.writeFileSync('/tmp/a.txt', r[0]); fs.writeFileSync('/tmp/b.txt', r[1])
await browser.close()
