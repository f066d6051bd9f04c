// `npm test`: typecheck, lint, unit + server tests, build, then end-to-end tests in Chromium.
//
// The typecheck (TypeScript 7, scripts/typecheck.mjs) and the builds run in one lane beside lint in
// the other (each lane's stages in order). The tests then run one stage at a time: Vitest beside the
// end-to-end tests was tried, and on two cores it doubled Vitest's time (132 → 285 s) and made
// browser steps miss (a popconfirm click), for 77 s saved in all. A stage's output is printed whole
// when it ends, so the lanes' logs do not interleave; a failed stage stops its lane, and the run
// fails once every lane has ended. Where the time goes: docs/architecture.md ("Tests").
import { spawn, spawnSync } from 'node:child_process'
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

/** phases run one after the other; the lanes of a phase run at once, each stage of a lane in order */
const phases = [
  [
    // the typecheck (TypeScript 7, ~25 s) and the builds beside lint (~60 s, single-threaded)
    [
      ['typecheck (TypeScript 7)', 'node', ['scripts/typecheck.mjs']],
      ['build web bundle', 'npm', ['run', '--silent', 'build:web']],
      ['build server', 'npm', ['run', '--silent', 'build:server']],
      ['build desktop (main, preload, renderer)', 'npx', ['electron-vite', 'build']],
    ],
    [['lint', 'npx', ['eslint', '.', '--max-warnings', '0']]],
  ],
  [
    [
      ['unit and server tests', 'npx', ['vitest', 'run']],
      // the token vault's keychain backend against a real Secret Service (Linux: gnome-keyring);
      // elsewhere the test runs against the system keychain or skips with a message
      [
        `keychain integration${keyring ? ' (gnome-keyring, private D-Bus)' : ''}`,
        ...withKeyring('npx', ['vitest', 'run', 'src/main/services/keychain.integration.test.ts']),
      ],
      // web and desktop-mode in Chromium; the Electron app too where its binary is installed (it
      // keeps its token in the keychain, hence the keyring session)
      ['end-to-end (Chromium, Electron)', ...withKeyring('npx', ['playwright', 'test'])],
    ],
  ],
]

/**
 * Runs one stage; resolves with its exit status. `live`: its output is printed as it comes (a lane
 * alone); otherwise it is kept and printed whole when the stage ends.
 */
function runStage([name, cmd, args], live) {
  return new Promise((resolve) => {
    const t0 = Date.now()
    const out = []
    if (live) process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(' ')}\n`)
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    })
    const keep = (chunk) => (live ? process.stdout.write(chunk) : out.push(chunk))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('close', (code) => {
      const seconds = ((Date.now() - t0) / 1000).toFixed(1)
      if (!live) {
        process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(' ')} (${seconds} s)\n`)
        process.stdout.write(Buffer.concat(out))
      }
      timings.push(`${name}: ${seconds} s${code === 0 ? '' : ` — failed (exit ${code})`}`)
      resolve(code ?? 1)
    })
  })
}

async function runLane(stages, live) {
  for (const stage of stages) {
    const code = await runStage(stage, live)
    if (code !== 0) return code
  }
  return 0
}

const started = Date.now()
const timings = []
for (const lanes of phases) {
  const codes = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)))
  const failed = codes.find((code) => code !== 0)
  if (failed !== undefined) {
    console.error(`\n✗ npm test failed.\n${timings.join('\n')}`)
    process.exit(failed)
  }
}
console.log(`\n${timings.join('\n')}\nall stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
