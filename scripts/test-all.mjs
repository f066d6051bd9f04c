// `npm test`: typecheck, lint, unit + server tests, build, then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { root } from './build-state.mjs'
import { CHROMIUM_HELP, findChromium } from './chromium.mjs'

function hasPlaywrightBrowser() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core')
    return existsSync(chromium.executablePath())
  } catch {
    return false
  }
}

if (!findChromium() && !hasPlaywrightBrowser()) {
  console.error(CHROMIUM_HELP)
  process.exit(1)
}

const stages = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json', '--composite', 'false']],
  ['typecheck (web)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.web.json', '--composite', 'false']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit and server tests', 'npx', ['vitest', 'run']],
  ['build web bundle', 'npm', ['run', '--silent', 'build:web']],
  ['build server', 'npm', ['run', '--silent', 'build:server']],
  ['build desktop (main, preload, renderer)', 'npx', ['electron-vite', 'build']],
  ['end-to-end (Chromium)', 'npx', ['playwright', 'test']],
]

const started = Date.now()
const timings = []
for (const [name, cmd, args] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${r.status}).`)
    process.exit(r.status ?? 1)
  }
}
console.log(`\n${timings.join('\n')}\nall stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
