/** Helpers of the server tests: a real app on a temporary directory, called through inject. */
import { randomBytes, randomInt } from 'node:crypto'
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import forge from 'node-forge'
import { buildApp, type BuildAppOptions } from './app'
import { createScratchDatabase, dropScratchDatabase } from './db/scratch'

export interface TestApp {
  app: FastifyInstance
  dataDir: string
  close(): Promise<void>
}

/**
 * The demo-seeded SQLite data directory made once per test run (scripts/test-template.ts, vitest
 * globalSetup): an app on a copy of it starts in milliseconds instead of seeding for seconds.
 */
function templateDir(): string | undefined {
  try {
    return inject('serverTemplateDir')
  } catch {
    return undefined
  }
}

/**
 * A copy of the template: the database and keys copied, the uploaded images hard-linked (the file
 * store only ever replaces a file by renaming a new one over it, so a test cannot change the
 * template's). A recursive `cp` of the template's ~250 files took 0.4–0.6 s per test app.
 */
async function copyTemplate(from: string, to: string) {
  await mkdir(to, { recursive: true })
  const entries = await readdir(from, { withFileTypes: true, recursive: true })
  const dirs = entries.filter((e) => e.isDirectory())
  for (const dir of dirs)
    await mkdir(join(to, dir.parentPath.slice(from.length), dir.name), { recursive: true, mode: 0o700 })
  await Promise.all(
    entries
      .filter((e) => e.isFile())
      .map((e) => {
        const rel = join(e.parentPath.slice(from.length), e.name)
        const uploaded = rel.split(/[\\/]/).includes('uploads')
        return uploaded ? link(join(from, rel), join(to, rel)) : copyFile(join(from, rel), join(to, rel))
      }),
  )
}

/** The PostgreSQL template of this run (scripts/test-template.ts), where TEST_DATABASE_URL is set. */
function pgTemplate(): { database: string; dir: string } | undefined {
  try {
    return inject('serverPgTemplate') ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Whether an app with these options may start from a template: its own temporary directory, the demo
 * data, and a clock near the real time (the templates were seeded at the real time).
 */
function fromTemplate(opts: Partial<BuildAppOptions>): boolean {
  const realTime = opts.now === undefined || Math.abs(opts.now() - Date.now()) < 60_000
  return opts.dataDir === undefined && (opts.seedDemo ?? true) && realTime
}

/**
 * A seeded app on a fresh temporary directory; captcha off unless asked for. `dataTemplate`: the data
 * directory of the database `opts.databaseUrl` was made from (startTestAppOn).
 */
export async function startTestApp(
  opts: Partial<BuildAppOptions> = {},
  dataTemplate?: string,
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'market-test-')))
  const template = dataTemplate ?? (opts.databaseUrl ? undefined : templateDir())
  if (template && fromTemplate(opts)) await copyTemplate(template, dataDir)
  const app = await buildApp({ captchaEnabled: false, ...opts, dataDir })
  return {
    app,
    dataDir,
    async close() {
      await app.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server where the user may create databases. */
export const TEST_DIALECTS = process.env.TEST_DATABASE_URL
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const)

/** A test app on SQLite, or on a fresh PostgreSQL database (named after `label`) that `drop` removes. */
export async function startTestAppOn(
  dialect: 'sqlite' | 'postgres',
  label: string,
  opts: Partial<BuildAppOptions> = {},
): Promise<{ t: TestApp; drop: () => Promise<void>; databaseUrl?: string }> {
  if (dialect === 'sqlite') return { t: await startTestApp(opts), drop: async () => undefined }
  const adminUrl = process.env.TEST_DATABASE_URL!
  const dbName = `market_${label}_${randomBytes(6).toString('hex')}`
  const template = fromTemplate(opts) ? pgTemplate() : undefined
  const databaseUrl = await createScratchDatabase(adminUrl, dbName, template?.database)
  const t = await startTestApp({ ...opts, databaseUrl }, template?.dir)
  return { t, drop: () => dropScratchDatabase(adminUrl, dbName), databaseUrl }
}

/** A fresh client address, so rate limits only bite where a test gives a fixed `ip`. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope holds
export type Json = any

/** An /api call, answered as the parsed envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Json> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? randomIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  })
  // The envelope policy: every /api answer is HTTP 200 with the business code in the body.
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${method} ${url}: ${res.body}`)
  // An error envelope's requestId differs on every call: left out here, so tests compare envelopes
  // whole; plugins/monitoring.test.ts checks it.
  const body: Json = res.json()
  if (body && typeof body === 'object' && typeof body.requestId === 'string') delete body.requestId
  return body
}

/** What jsencrypt does in the browser: RSA PKCS#1 v1.5 with the server's public key, base64. */
export async function encryptPassword(app: FastifyInstance, password: string): Promise<string> {
  const { data } = await call(app, 'GET', '/api/publicKey')
  const key = forge.pki.publicKeyFromPem(data.publicKey)
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'))
}

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: { code?: string; uuid?: string; ip?: string } = {},
): Promise<Json> {
  const { ip, ...captcha } = extra
  return call(app, 'POST', '/api/login', {
    ip,
    body: { username, password: await encryptPassword(app, password), ...captcha },
  })
}

export async function tokenOf(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await loginAs(app, username, password)
  if (res.code !== 200) throw new Error(`login of ${username} failed: ${res.msg}`)
  return res.token
}

export const DEMO = {
  buyer: ['buyer', 'Buyer@123'],
  seller: ['seller', 'Seller@123'],
  admin: ['admin', 'Admin@123'],
  operator: ['operator', 'Operator@123'],
  kefu: ['kefu', 'Kefu@1234'],
} as const
