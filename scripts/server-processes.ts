/**
 * Real server processes for the benches (bench-notify.ts, rolling-restart.ts): `dist/server/server.js`
 * started with an environment, on a port, ready when /readyz answers 200; stopped with SIGTERM (the
 * graceful close, docs/operations.md) and SIGKILL after 15 s. Every process still running when the
 * bench exits is killed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import http from 'node:http'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { freePort } from './bench-http'
import { root, staleBuilds } from './build-state.mjs'

export interface ServerProcess {
  name: string
  port: number
  child: ChildProcess
  exited: Promise<void>
  /** keep-alive sockets of the bench's own requests to this process */
  agent: http.Agent
}

const running = new Set<ServerProcess>()
process.on('exit', () => {
  for (const s of running)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL')
})

export { freePort }

/** whether something listens at host:port (Redis, here) */
export function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port })
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
    socket.once('connect', () => (socket.end(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

function readyStatus(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.setTimeout(5000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
  })
}

/** Starts a process (on `port`, or a free one) appending its output to `logPath`; resolves when ready. */
export async function startServer(
  name: string,
  env: NodeJS.ProcessEnv,
  logPath: string,
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort()
  const log = openSync(logPath, 'a')
  const child = spawn(process.execPath, [join(root, 'dist/server/server.js')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const server: ServerProcess = { name, port, child, exited, agent: new http.Agent({ keepAlive: true }) }
  running.add(server)
  void exited.then(() => running.delete(server))
  const t0 = performance.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited during start-up; see ${logPath}`)
    if (performance.now() - t0 > 90_000)
      throw new Error(`server ${name} did not start in 90 s; see ${logPath}`)
    try {
      if ((await readyStatus(port)) === 200) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** SIGTERM (the graceful close), SIGKILL after `killAfterMs`; resolves when the process has exited. */
export async function stopServer(server: ServerProcess, killAfterMs = 15_000): Promise<void> {
  server.agent.destroy()
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), killAfterMs)
  await server.exited
  clearTimeout(timer)
}

/** Builds dist/server first when it is older than its sources (the processes run the built server). */
export function ensureServerBuilt(): void {
  if (!staleBuilds().includes('build:server')) return
  console.log('dist/server is older than its sources: npm run build:server')
  const built = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) throw new Error('build:server failed')
}

/** The PostgreSQL server where the benches create their scratch databases. */
export const adminDatabaseUrl = (): string =>
  process.env.TEST_DATABASE_URL?.trim() ||
  process.env.DATABASE_URL?.trim() ||
  'postgres://postgres@127.0.0.1:5432/postgres'

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const pct = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
