// The server process the end-to-end tests drive: the built server on a fresh temporary database.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './build-state.mjs'

const dir = mkdtempSync(join(tmpdir(), 'market-e2e-'))
process.env.DATA_DIR = dir
// the end-to-end run's teardown checks the money invariant of every server's database (e2e/support)
const marker = join(root, 'scripts/.tmp', `e2e-data-${process.env.PORT ?? '8080'}.txt`)
mkdirSync(join(root, 'scripts/.tmp'), { recursive: true })
writeFileSync(marker, dir)
process.on('exit', () => {
  rmSync(dir, { recursive: true, force: true })
  rmSync(marker, { force: true })
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
await import(pathToFileURL(join(root, 'dist/server/server.js')).href)
