// Which bundles are missing or older than their sources (used by `npm start` and `npm test`).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)))

function newestMtime(dir) {
  let newest = 0
  if (!existsSync(dir)) return newest
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p))
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(p).mtimeMs)
  }
  return newest
}

const targets = {
  web: {
    output: 'dist/web/index.html',
    sources: ['src/renderer', 'src/shared', 'vite.web.config.ts'],
    script: 'build:web',
  },
  // the page renderer of the server-rendered public pages (docs/ssr.md), built by build:web too
  ssr: {
    output: 'dist/ssr/entry-server.js',
    sources: ['src/renderer', 'src/shared', 'vite.ssr.config.ts'],
    script: 'build:web',
  },
  server: {
    output: 'dist/server/server.js',
    sources: ['src/server', 'src/shared', 'vite.server.config.ts'],
    script: 'build:server',
  },
}

/** npm scripts that must run before the server can start */
export function staleBuilds() {
  return Object.values(targets)
    .filter(({ output, sources }) => {
      const out = join(root, output)
      if (!existsSync(out)) return true
      const built = statSync(out).mtimeMs
      return sources.some((s) => {
        const p = join(root, s)
        return existsSync(p) && (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs) > built
      })
    })
    .map((t) => t.script)
    .filter((script, i, all) => all.indexOf(script) === i)
}
