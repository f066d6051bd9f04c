/**
 * Vitest globalSetup of the node project: one demo-seeded SQLite data directory (database, keys,
 * uploaded demo images) for the whole run. startTestApp copies it instead of seeding anew, which is
 * what made every server test file spend seconds before its first test.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../src/server/app'

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplateDir: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'market-template-'))
  const app = await buildApp({ dataDir: dir, captchaEnabled: false, tradeSweepMs: 0 })
  // closing checkpoints the WAL into market.db, so a file copy is a consistent database
  await app.close()
  project.provide('serverTemplateDir', dir)
  return () => rm(dir, { recursive: true, force: true })
}
