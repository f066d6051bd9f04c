// `npm run typecheck`: the three TypeScript projects (node: server, main, preload, scripts; web: the
// renderer; e2e: the end-to-end tests), checked by TypeScript 7, the native compiler (the
// `typescript-7` package). On this 2-core machine it takes ~23 s for all three where TypeScript 5.9
// took ~125 s. TypeScript 5.9 (`typescript`) stays installed for typescript-eslint, which needs its
// JavaScript API, and for editors; both read the same tsconfig files (docs/architecture.md, "Tests").
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { root } from './build-state.mjs'

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc')
let failed = false
for (const project of ['tsconfig.node.json', 'tsconfig.web.json', 'tsconfig.e2e.json']) {
  const t0 = Date.now()
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project, '--composite', 'false'], {
    cwd: root,
    stdio: 'inherit',
  })
  console.log(`${project}: ${status === 0 ? 'ok' : 'errors'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
  if (status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
