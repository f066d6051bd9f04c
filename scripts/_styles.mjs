import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const page = await browser.newPage()
const msgs = []; page.on('console', m => msgs.push(m.type() + ' ' + m.text().slice(0, 200)))
for (const url of process.argv.slice(2)) {
await page.goto(url, { waitUntil: 'load' })
const before = await page.evaluate(() => document.querySelectorAll('style').length)
await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' })
await page.waitForTimeout(500)
const r = await page.evaluate(() => [...document.querySelectorAll('style[data-css-hash], style[rc-util-key]')].filter(s => !s.hasAttribute('data-ssr-seen')).map(s => (s.getAttribute('data-css-hash') || s.getAttribute('rc-util-key')) + ' ' + s.textContent.length + ' ' + s.textContent.slice(0, 70)))
const after = await page.evaluate(() => document.querySelectorAll('style').length)
console.log(url, 'style tags before hydration', before, 'after', after); console.log(r.join('\n'))
}
console.log(msgs.join('\n'))
await browser.close()
