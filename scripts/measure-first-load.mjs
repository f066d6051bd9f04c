// `node scripts/measure-first-load.mjs [path…]`: the JavaScript and CSS a browser downloads for a
// first visit of each path (default `/`), as sent (brotli), measured in Chromium with the built server
// on a scratch database. Prints one line per path; `--json` prints the figures as JSON.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs'
import { startBuiltServer } from './built-server.mjs'

const args = process.argv.slice(2)
const json = args.includes('--json')
/** `--files`: also list each script and style sheet with its size, largest first */
const listFiles = args.includes('--files')
const paths = args.filter((a) => !a.startsWith('--'))
if (paths.length === 0) paths.push('/')
const { origin, stop } = await startBuiltServer()
try {
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS })
  const results = []
  for (const path of paths) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
    // the page's own chunk loads after the shell: wait until its loading placeholder is gone
    await page.waitForFunction(() => !document.querySelector('[data-page-loading]'), null, {
      timeout: 15_000,
    })
    await page.waitForLoadState('networkidle')
    const entries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, size: e.encodedBodySize, type: e.initiatorType })),
    )
    const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.encodedBodySize ?? 0)
    const js = entries.filter((e) => /\.m?js(\?|$)/.test(e.name)).reduce((s, e) => s + e.size, 0)
    const css = entries.filter((e) => /\.css(\?|$)/.test(e.name)).reduce((s, e) => s + e.size, 0)
    if (listFiles)
      for (const e of entries
        .filter((e) => /\.(m?js|css)(\?|$)/.test(e.name))
        .sort((a, b) => b.size - a.size))
        console.log(`  ${path} ${(e.size / 1024).toFixed(1).padStart(7)} KiB  ${new URL(e.name).pathname}`)
    results.push({
      path,
      js,
      css,
      html: nav,
      files: entries.filter((e) => /\.(m?js|css)(\?|$)/.test(e.name)).length,
    })
    await context.close()
  }
  await browser.close()
  if (json) console.log(JSON.stringify(results))
  else
    for (const r of results)
      console.log(
        `${r.path}: JS ${(r.js / 1024).toFixed(1)} KiB + CSS ${(r.css / 1024).toFixed(1)} KiB as sent (${r.files} files), HTML ${(r.html / 1024).toFixed(1)} KiB`,
      )
} finally {
  stop()
}
