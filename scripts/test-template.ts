/**
 * Vitest globalSetup of the node project: one demo-seeded SQLite data directory (database, keys,
 * uploaded demo images) for the whole run, and with TEST_DATABASE_URL one seeded PostgreSQL
 * database. startTestApp copies them instead of seeding anew (seeding is what made every server test
 * file spend seconds before its first test).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../src/server/app'
import { createScratchDatabase, dropScratchDatabase } from '../src/server/db/scratch'
// the demo accounts' hashes at the tests' cost, as in every test file
import '../src/server/test-setup'

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplateDir: string
    /** the PostgreSQL template (TEST_DATABASE_URL): a seeded database and its data directory */
    serverPgTemplate: { database: string; dir: string } | null
  }
}

async function sqliteTemplate() {
  const dir = await mkdtemp(join(tmpdir(), 'market-template-'))
  // with the payment simulators: their merchant and platform key pairs (RSA-2048, made on first use)
  // are made here once and copied with the template to every app that mounts them (docs/payments.md)
  const app = await buildApp({ dataDir: dir, captchaEnabled: false, tradeSweepMs: 0, paySimulators: true })
  // closing checkpoints the WAL into market.db, so a file copy is a consistent database
  await app.close()
  return dir
}

/**
 * The same on PostgreSQL: migrating and seeding a database there took ~5–9 s per test app; a
 * database made with `create database … template` is a file copy. Without a server that answers,
 * tests seed their own (and skip where they need PostgreSQL).
 */
async function pgTemplate(): Promise<{ database: string; dir: string } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) return null
  const database = `market_template_${randomBytes(6).toString('hex')}`
  let databaseUrl: string
  try {
    databaseUrl = await createScratchDatabase(adminUrl, database)
  } catch {
    return null
  }
  const dir = await mkdtemp(join(tmpdir(), 'market-pg-template-'))
  try {
    const app = await buildApp({
      dataDir: dir,
      databaseUrl,
      captchaEnabled: false,
      tradeSweepMs: 0,
      paySimulators: true,
    })
    // no connection may stay open to a template database
    await app.close()
  } catch (err) {
    await dropPgTemplate({ database, dir })
    throw err
  }
  return { database, dir }
}

async function dropPgTemplate({ database, dir }: { database: string; dir: string }) {
  await dropScratchDatabase(process.env.TEST_DATABASE_URL!, database)
  await rm(dir, { recursive: true, force: true })
}

export default async function setup(project: TestProject) {
  const [dir, pgTpl] = await Promise.all([sqliteTemplate(), pgTemplate()])
  project.provide('serverTemplateDir', dir)
  project.provide('serverPgTemplate', pgTpl)
  return async () => {
    await rm(dir, { recursive: true, force: true })
    if (pgTpl) await dropPgTemplate(pgTpl)
  }
}
