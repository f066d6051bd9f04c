// Where the end-to-end tests find a Chromium: CHROMIUM_PATH, Debian's /usr/bin/chromium, or
// Playwright's own download. Returns null when there is none.
import { existsSync } from 'node:fs'

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  for (const c of candidates) if (c && existsSync(c)) return c
  return null
}

export const CHROMIUM_HELP = [
  'No Chromium found for the end-to-end tests. Install one of:',
  '  Debian/Ubuntu: sudo apt-get install -y chromium fonts-wqy-zenhei',
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
