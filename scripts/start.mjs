// `npm start`: build what is missing or stale, then run the API server (which also serves the web
// bundle) in this one process.
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { root, staleBuilds } from './build-state.mjs'

for (const script of staleBuilds()) {
  console.log(`> npm run ${script}`)
  const r = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.chdir(root)
await import(pathToFileURL(join(root, 'dist/server/server.js')).href)
