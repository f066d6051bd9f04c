#!/usr/bin/env node
/**
 * Serves the DESKTOP renderer build (out/renderer: electron-vite, platform/desktop.ts) over plain
 * http, the way the main process's app:// handler serves it, for the desktop-mode end-to-end test:
 * Chromium loads it with a fake `window.desktop` and it calls the real e2e API server.
 *
 *   PORT (default 18982)        where to listen
 *   MARKET_API_ORIGIN           the API origin, for the Content-Security-Policy (as in the app)
 *
 * Builds out/ first when it is missing or older than the sources (electron-vite build).
 */
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsStale } from './desktop.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const rendererDir = join(root, 'out/renderer')
const port = Number(process.env.PORT || 18982)
const apiOrigin = process.env.MARKET_API_ORIGIN || 'http://127.0.0.1:18980'

/** the app's CSP (src/main/windows/app-protocol.ts buildCsp) */
const csp = [
  "default-src 'self'",
  `connect-src 'self' ${apiOrigin}`,
  `img-src 'self' data: blob: ${apiOrigin}`,
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ')

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
}

async function isFile(p) {
  try {
    return (await stat(p)).isFile()
  } catch {
    return false
  }
}

function under(relPath) {
  const file = resolve(rendererDir, '.' + (relPath.startsWith('/') ? relPath : '/' + relPath))
  return file.startsWith(rendererDir + sep) ? file : null
}

/** the same resolution as app-protocol.ts: the file; an asset asked relative to a nested route; index.html */
async function resolveFile(pathname) {
  let decoded
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return join(rendererDir, 'index.html')
  }
  const direct = under(decoded)
  if (direct && (await isFile(direct))) return direct
  const ext = extname(decoded).toLowerCase()
  if (ext && ext !== '.html') {
    const segments = decoded.split('/').filter(Boolean)
    for (let i = 1; i < segments.length; i++) {
      const candidate = under(segments.slice(i).join('/'))
      if (candidate && (await isFile(candidate))) return candidate
    }
  }
  return join(rendererDir, 'index.html')
}

if (buildIsStale(root)) {
  console.log('building the desktop renderer (electron-vite build)…')
  const require = createRequire(join(root, 'package.json'))
  const bin = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  const r = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const file = await resolveFile(url.pathname)
  try {
    const body = await readFile(file)
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': csp,
      'cache-control': 'no-cache',
    })
    res.end(body)
  } catch {
    res.writeHead(404).end('Not Found')
  }
})
server.listen(port, '127.0.0.1', () =>
  console.log(`desktop renderer on http://127.0.0.1:${port} (API ${apiOrigin})`),
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
