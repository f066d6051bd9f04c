// The built API server (dist/server/server.js) on a scratch demo database, for the measuring scripts
// (measure-first-load.mjs, bench-startup.mjs). `webRoot` serves another build's pages (a directory
// holding `web/` and `ssr/`, as dist does). The server is stopped with the calling process, even when
// that process ends by an error.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './build-state.mjs'

let nextPort = 18990 + Math.floor(Math.random() * 500)

/** @param {{ dist?: string }} [options] `dist`: a build's directory (default: this checkout's dist) */
export async function startBuiltServer({ dist } = {}) {
  const port = nextPort++
  const dataDir = mkdtempSync(join(tmpdir(), 'market-measure-'))
  const server = spawn(process.execPath, [join(root, 'dist/server/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_ENABLED: 'false',
      ...(dist ? { WEB_ROOT: join(dist, 'web') } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.once('exit', stop)
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server on port ${port} ended (${server.exitCode})`)
    try {
      if ((await fetch(`${origin}/api/goods/game/getGames`)).ok) break
    } catch {
      // not up yet
    }
    // a fresh demo database is seeded first: up to two minutes on a busy machine
    if (i > 600) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    origin,
    stop: () => {
      process.off('exit', stop)
      stop()
    },
  }
}
