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

/** a private D-Bus session with gnome-keyring (scripts/with-keyring.sh) can run here */
function hasKeyring() {
  if (process.platform !== 'linux') return false
  const which = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0
  return which('dbus-run-session') && which('gnome-keyring-daemon')
}
const keyring = hasKeyring()
const withKeyring = (cmd, args) =>
  keyring ? ['bash', ['scripts/with-keyring.sh', cmd, ...args]] : [cmd, args]

const stages = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.node.json', '--composite', 'false']],
  ['typecheck (web)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.web.json', '--composite', 'false']],
  ['typecheck (e2e)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.e2e.json', '--composite', 'false']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['unit and server tests', 'npx', ['vitest', 'run']],
  // the token vault's keychain backend against a real Secret Service (Linux: gnome-keyring);
  // elsewhere the test runs against the system keychain or skips with a message
  [
    `keychain integration${keyring ? ' (gnome-keyring, private D-Bus)' : ''}`,
    ...withKeyring('npx', ['vitest', 'run', 'src/main/services/keychain.integration.test.ts']),
  ],
  ['build web bundle', 'npm', ['run', '--silent', 'build:web']],
  ['build server', 'npm', ['run', '--silent', 'build:server']],
  ['build desktop (main, preload, renderer)', 'npx', ['electron-vite', 'build']],
  // web and desktop-mode in Chromium; the Electron app too where its binary is installed (it keeps
  // its token in the keychain, hence the keyring session)
  ['end-to-end (Chromium, Electron)', ...withKeyring('npx', ['playwright', 'test'])],
]

const started = Date.now()
const timings = []
for (const [name, cmd, args] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${r.status}).\n${timings.join('\n')}`)
    process.exit(r.status ?? 1)
  }
}
console.log(`\n${timings.join('\n')}\nall stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
