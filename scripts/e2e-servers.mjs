// The servers of the end-to-end run, started at once: Playwright starts the entries of `webServer`
// one after the other (each waited for, then polled once a second), and the two API servers cost
// ~4.5 s of CPU each to start (modules, schema compilation, migrations and demo seed on an empty
// database): side by side they can share two idle cores (on a busy machine it makes no difference).
//
//   E2E_SERVERS   JSON [{ name, script, url, env }] (playwright.config.ts): each `node <script>`
//                 with its env, ready once a GET of its url answers 2xx
//
// Prints "e2e servers ready" once all answer (playwright.config.ts waits for that line). A server
// that exits ends the others and this process; SIGTERM (Playwright's shutdown) is passed on to each
// and waited for, so that e2e-server.mjs removes its temporary database.
import { spawn } from 'node:child_process'
import { root } from './build-state.mjs'

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]')

async function answers(url) {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

// reuseExistingServer: false, as before: a stale server of an earlier run must not be tested
for (const { name, url } of servers) {
  if (await answers(url)) {
    console.error(`${name}: ${url} already answers; stop the server using its port first.`)
    process.exit(1)
  }
}

let stopping = false
const children = servers.map(({ name, script, env }) => {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`${name} exited (${signal ?? `code ${code}`})`)
    stop(1)
  })
  return child
})

function stop(code) {
  stopping = true
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null)
  let left = alive.length
  if (left === 0) process.exit(code)
  for (const child of alive) {
    child.once('exit', () => --left === 0 && process.exit(code))
    child.kill('SIGTERM')
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))

await Promise.all(
  servers.map(async ({ url }) => {
    while (!stopping && !(await answers(url))) await new Promise((r) => setTimeout(r, 100))
  }),
)
if (!stopping) console.log('e2e servers ready')
