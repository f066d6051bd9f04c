/**
 * Serves the built renderer (out/renderer) as `app://marketplace/…`.
 *
 * Why not file://: the renderer uses history-mode routes (/login.html, /detail/12.html), which a
 * file:// page cannot reload or deep-link. A privileged standard scheme gives the renderer a real
 * origin, so routes, fetch, relative URLs and the IPC sender check all work like on a web server.
 */
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { protocol } from 'electron'
import { API_BASE } from '@shared/constants'
import { APP_HOST, APP_SCHEME } from './app-origin'

/**
 * Must run before the app's `ready` event (Electron requirement). standard: real origin and
 * relative URLs; secure: a secure context (like https); supportFetchAPI: fetch() and module
 * scripts. corsEnabled stays false: same-origin loads work, other origins cannot read app://.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false },
    },
  ])
}

/** Content-Security-Policy of every app:// response; `apiOrigin` is where the API lives. */
export function buildCsp(apiOrigin: string): string {
  return [
    "default-src 'self'",
    `connect-src 'self' ${apiOrigin}`,
    `img-src 'self' data: blob: ${apiOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/** `root`-relative file of a URL path, or null when it would leave `root`. */
function fileUnder(root: string, relPath: string): string | null {
  const file = resolve(root, '.' + (relPath.startsWith('/') ? relPath : '/' + relPath))
  return file === root || file.startsWith(root + sep) ? file : null
}

/**
 * Which file answers a path: the file itself; else, for an asset (a name with an extension other
 * than .html) asked relative to a nested route, the same name found by dropping leading folders —
 * electron-vite always builds the renderer with `base: './'`, so /detail/12.html asks for
 * /detail/assets/index-abc.js; else index.html (a history-mode route: the renderer's router
 * decides, including its own 404 page).
 */
export async function resolveRendererFile(root: string, pathname: string): Promise<string> {
  const index = join(root, 'index.html')
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return index
  }
  if (decoded.includes('\0')) return index
  const direct = fileUnder(root, decoded)
  if (direct && direct !== root && (await isFile(direct))) return direct

  const ext = extname(decoded).toLowerCase()
  if (ext && ext !== '.html') {
    const segments = decoded.split('/').filter(Boolean)
    for (let i = 1; i < segments.length; i++) {
      const candidate = fileUnder(root, segments.slice(i).join('/'))
      if (candidate && (await isFile(candidate))) return candidate
    }
  }
  return index
}

export interface AppProtocolOptions {
  /** folder of the built renderer (out/renderer) */
  root: string
  /** Content-Security-Policy header value */
  csp: string
}

/** The `protocol.handle('app', …)` handler; a plain function of Request → Response, for tests. */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const root = resolve(options.root)
  const baseHeaders = {
    'content-security-policy': options.csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  }
  return async (request) => {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return new Response('Bad Request', { status: 400, headers: baseHeaders })
    }
    if (url.host !== APP_HOST) return new Response('Not Found', { status: 404, headers: baseHeaders })
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', {
        status: 405,
        headers: { ...baseHeaders, allow: 'GET, HEAD' },
      })
    }
    // the API is never served from app:// — a relative /api call here is a renderer bug
    if (url.pathname === API_BASE || url.pathname.startsWith(API_BASE + '/')) {
      return new Response('Not Found', { status: 404, headers: baseHeaders })
    }
    const file = await resolveRendererFile(root, url.pathname)
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return new Response('Not Found', { status: 404, headers: baseHeaders })
    }
    const headers = { ...baseHeaders, 'content-type': mimeType(file), 'content-length': String(body.length) }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
  }
}

/** Installs the handler on the default session. Call after `ready`. */
export function handleAppProtocol(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options))
}
