import { chromium } from 'playwright-core'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const page = await browser.newPage()
const cdp = await page.context().newCDPSession(page)
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
await cdp.send('Profiler.start')
await page.goto(url, { waitUntil: 'load' })
await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' })
await page.waitForTimeout(500)
const { profile } = await cdp.send('Profiler.stop')
// self time per function and per url
const byId = new Map(profile.nodes.map(n => [n.id, n]))
const dt = profile.timeDeltas; const self = new Map()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) || 0) + (dt[i] || 0)))
const fn = new Map(), file = new Map()
for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`; fn.set(k, (fn.get(k) || 0) + t); const f = cf.url.split('/').pop() || cf.functionName; file.set(f, (file.get(f) || 0) + t) }
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n')
console.log('--- by file\n' + top(file, 15)); console.log('--- by function\n' + top(fn, 30))
await browser.close()
