/**
 * The web bundle (dist/web) on the same origin as the API. Hashed files under /assets are cached for a
 * year; index.html and everything else is revalidated. History-mode routes (/buyer/buyOrder.html, …)
 * that are not files get index.html. Unknown /api paths get the envelope 404. Without a bundle, pages
 * answer a plain 503 saying how to build it.
 */
import { existsSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { API_BASE } from '../../shared/constants'
import { notFound } from '../http/errors'
import { sendError } from './envelope'
import type { PublicPages } from '../modules/ssr/routes'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const TEXT = 'text/plain; charset=utf-8'
const NOT_BUILT =
  'Web 前端尚未构建，请先运行 npm run build:web（the web bundle is missing: run npm run build:web）'

const isApiUrl = (url: string) =>
  url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)

/**
 * `pages` (the server-rendered public pages, docs/ssr.md) answers the paths it handles with their
 * HTML; every other page path still gets index.html (the client-only app).
 */
export async function registerWebBundle(
  app: FastifyInstance,
  webRoot: string | null,
  pages: PublicPages | null = null,
) {
  const root = webRoot && existsSync(join(webRoot, 'index.html')) ? resolve(webRoot) : null
  if (root) {
    const assets = join(root, 'assets') + sep
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      dotfiles: 'ignore',
      // scripts/precompress.mjs writes .br/.gz beside the bundle's text files at build time
      preCompressed: true,
      // One route per file of the bundle, listed when the server starts (the bundle does not change
      // under a running server: a new build needs a restart, as the rendered pages' skeleton does).
      // The default, one wildcard route, reads every directory along the path on each request to
      // check the spelling of its name (against case-folding file systems): with ~900 files in
      // assets/ that held a static file to ~170 requests/s, and was the largest part of the API
      // server's CPU in the end-to-end run. Only exact file names match here, so there is nothing
      // to spell-check. `/` is the rendered home page, not index.html (ssr/routes.ts).
      wildcard: false,
      index: false,
      setHeaders: (reply, path) =>
        reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache'),
    })
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiUrl(request.url)) return sendError(reply, notFound())
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(404).type(TEXT).send('Not Found')
    if (!root) return reply.code(503).type(TEXT).send(NOT_BUILT)
    // A missing hashed file is a real 404: index.html in its place would only confuse the browser.
    if (request.url.startsWith('/assets/')) return reply.code(404).type(TEXT).send('Not Found')
    if (pages && request.method === 'GET' && pages.handles(request.url.split('?')[0]!))
      return pages.send(request, reply)
    return reply.sendFile('index.html')
  })
}
