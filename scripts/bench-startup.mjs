// `npm run bench:startup -- [--runs N] [--cpu 4] [--slow-network] [--base DIR] [path…]`: what a
// phone's main thread does while a server-rendered public page starts (docs/ssr.md "Hydration"), in
// Chromium with the CPU slowed `--cpu` times (Lighthouse's mobile default: 4), a phone's user agent
// and screen, and the network as it is (localhost) or, with `--slow-network`, as Lighthouse's mobile
// profile (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up; applied by the browser to each
// request). Per page, the median and range over `--runs` loads (default 7) of:
//
// - blocking time: the long tasks after the first paint, each beyond 50 ms (Lighthouse's TBT counts
//   the same, estimated from an unthrottled trace);
// - the longest task after the first paint;
// - hydrated: when `#root` got `data-hydrated` (the app took the page over);
// - the module scripts the page loaded.
//
// The browser is driven over the DevTools protocol (as Lighthouse's is), which makes V8 record a
// detailed stack for every Error created, reparsing the calling script for its source positions:
// React's module creates five as it starts, so the entry's evaluation counts ~25 ms more here (4×)
// for a one-chunk entry than a browser without DevTools spends (docs/ssr.md, the first load).
//
// Lighthouse's score moves by several points between runs on a 2-core machine; these figures move
// less, and `--base DIR` (another build's directory, holding `web/` and `ssr/` as dist does; e.g. a
// worktree's dist) prints that build beside this checkout's, loads alternating, same machine and
// minute. Needs `npm run build` first. Default pages: `/`, a list and a listing.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'
import { startBuiltServer } from './built-server.mjs'

const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const at = argv.indexOf(name)
  if (at < 0) return fallback
  const [value] = argv.splice(at, 2).slice(1)
  return value
}
const runs = Number(option('--runs', '7'))
const cpu = Number(option('--cpu', '4'))
const base = option('--base', null)
const slowNetwork = argv.includes('--slow-network')
if (slowNetwork) argv.splice(argv.indexOf('--slow-network'), 1)
const paths = argv.length ? argv : ['/', '/list.html?gameId=1', '/detail/1.html']

const PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

// runs in the page before its own scripts: long tasks, the first paint, the moment of hydration
const OBSERVE = () => {
  const seen = { tasks: [], fcp: null, hydrated: null }
  window.__startup = seen
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.tasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime
  }).observe({ type: 'paint', buffered: true })
  new MutationObserver(() => {
    if (seen.hydrated === null && document.getElementById('root')?.hasAttribute('data-hydrated'))
      seen.hydrated = performance.now()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

async function load(browser, origin, path) {
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    if (slowNetwork)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      })
    await page.addInitScript(OBSERVE)
    await page.goto(origin + path)
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
    // what follows hydration (the login read, deferred parts) counts too: wait for a quiet second
    await page.waitForFunction(
      () => {
        const last = window.__startup.tasks.at(-1)
        return performance.now() - (last ? last[0] + last[1] : 0) > 1000
      },
      null,
      { polling: 200, timeout: 60_000 },
    )
    return await page.evaluate(() => {
      const { tasks, fcp, hydrated } = window.__startup
      const after = tasks.filter(([start]) => start >= (fcp ?? 0))
      return {
        blocking: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
        longest: Math.max(0, ...after.map(([, d]) => d)),
        hydrated,
        scripts: performance.getEntriesByType('resource').filter((e) => /\.m?js(\?|$)/.test(e.name)).length,
      }
    })
  } finally {
    await context.close()
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const figure = (xs) =>
  `${Math.round(median(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`

const builds = [{ name: 'this checkout', server: await startBuiltServer() }]
if (base) builds.push({ name: `base ${base}`, server: await startBuiltServer({ dist: base }) })
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS })
try {
  const results = new Map()
  for (const build of builds) for (const path of paths) results.set(`${build.name} ${path}`, [])
  // a warm-up load of each page per build: the server renders and keeps each page once
  for (const build of builds) for (const path of paths) await load(browser, build.server.origin, path)
  for (let run = 0; run < runs; run++)
    for (const path of paths) {
      const order = run % 2 ? [...builds].reverse() : builds
      for (const build of order)
        results.get(`${build.name} ${path}`).push(await load(browser, build.server.origin, path))
    }
  const network = slowNetwork ? "Lighthouse's slow 4G" : 'localhost'
  console.log(`CPU slowed ${cpu}×, network ${network}, ${runs} loads each: median (min–max), ms`)
  for (const path of paths)
    for (const build of builds) {
      const r = results.get(`${build.name} ${path}`)
      console.log(
        `${path.padEnd(22)} ${build.name.padEnd(16)} blocking ${figure(r.map((x) => x.blocking))}` +
          ` · longest task ${figure(r.map((x) => x.longest))} · hydrated at ${figure(r.map((x) => x.hydrated))}` +
          ` · ${r[0].scripts} scripts`,
      )
    }
} finally {
  await browser.close()
  for (const build of builds) build.server.stop()
}
