// The server process the end-to-end tests drive: the built server on a fresh temporary database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { root } from './build-state.mjs'

const dir = mkdtempSync(join(tmpdir(), 'market-e2e-'))
process.env.DATA_DIR = dir
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
await import(pathToFileURL(join(root, 'dist/server/server.js')).href)
