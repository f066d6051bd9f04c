/**
 * The upgrade from a kept old database (fixtures/README.md; docs/operations.md, "Upgrades"): a demo
 * database made by commit 136fb8d, before 包赔 and the review menus, started with today's code on
 * SQLite and — with TEST_DATABASE_URL — PostgreSQL: its data is intact, the money invariant holds,
 * the menus of later versions are there, and the demo accounts still log in.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterItem } from '../../shared/api'
import { checkInvariant } from '../modules/funds/invariant'
import { DEMO, TEST_DIALECTS, call, startTestApp, tokenOf, type TestApp } from '../test-utils'
import { openDatabase, type Db } from './index'
import { createScratchDatabase, dropScratchDatabase } from './scratch'
import { codeMenus, reconcileReference } from './seed/reference'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** What must survive the upgrade unchanged. */
async function figures(db: Db) {
  const count = async (table: 'users' | 'orders' | 'goods' | 'ledger' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const money = await db
    .selectFrom('wallets')
    .select((eb) => [eb.fn.sum('available').as('available'), eb.fn.sum('frozen').as('frozen')])
    .executeTakeFirstOrThrow()
  return {
    users: await count('users'),
    orders: await count('orders'),
    goods: await count('goods'),
    ledger: await count('ledger'),
    userRoles: await count('user_roles'),
    available: Number(money.available),
    frozen: Number(money.frozen),
  }
}

/** The old database in place: SQLite's file in a data directory, or the dump in a scratch database. */
async function restore(dialect: 'sqlite' | 'postgres') {
  const dataDir = await mkdtemp(join(tmpdir(), 'market-upgrade-'))
  if (dialect === 'sqlite') {
    await writeFile(
      join(dataDir, 'market.db'),
      gunzipSync(await readFile(fixture('v136fb8d-demo.sqlite.gz'))),
    )
    return { dataDir, databaseUrl: undefined, drop: async () => undefined }
  }
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `market_upgrade_${randomBytes(6).toString('hex')}`
  const databaseUrl = await createScratchDatabase(adminUrl, name)
  // psql's meta-commands (\restrict) are not SQL
  const dump = (await readFile(fixture('v136fb8d-demo.pg.sql'), 'utf8'))
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(dump)
  } finally {
    await client.end()
  }
  return { dataDir, databaseUrl, drop: () => dropScratchDatabase(adminUrl, name) }
}

const titles = (items: RouterItem[]): string[] =>
  items.flatMap((item) => [item.meta?.title ?? '', ...titles(item.children ?? [])])

describe.each(TEST_DIALECTS)('upgrade from the database of 136fb8d (%s)', (dialect) => {
  let t: TestApp
  let drop: () => Promise<void>
  let before: Awaited<ReturnType<typeof figures>>
  let oldMenus: string[]

  beforeAll(async () => {
    const old = await restore(dialect)
    drop = old.drop
    const raw = openDatabase({ dataDir: old.dataDir, databaseUrl: old.databaseUrl })
    try {
      before = await figures(raw.db)
      oldMenus = (await raw.db.selectFrom('menus').select('menu_name').execute()).map((m) => m.menu_name)
    } finally {
      await raw.db.destroy()
    }
    t = await startTestApp({ dataDir: old.dataDir, databaseUrl: old.databaseUrl, tradeSweepMs: 0 })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('was made before 包赔 and the review menus', () => {
    expect(before.users).toBeGreaterThanOrEqual(5)
    expect(before.orders).toBeGreaterThan(0)
    expect(oldMenus).not.toContain('包赔理赔')
    expect(oldMenus).not.toContain('我的评价')
    expect(oldMenus).not.toContain('收到的评价')
  })

  it('keeps its data, and the money invariant holds', async () => {
    expect(await figures(t.app.db)).toEqual(before)
    const invariant = await checkInvariant(t.app.db)
    expect(invariant.ok, JSON.stringify(invariant)).toBe(true)
  })

  it('gets the menus of later versions, and the demo accounts log in', async () => {
    const routers = async (who: readonly [string, string]) => {
      const res = await call(t.app, 'GET', '/api/getRouters', { token: await tokenOf(t.app, ...who) })
      expect(res.code).toBe(200)
      return titles(res.data as RouterItem[])
    }
    expect(await routers(DEMO.admin)).toContain('包赔理赔')
    const buyer = await routers(DEMO.buyer)
    expect(buyer).toContain('我的评价')
    expect(buyer).toContain('收到的评价')
    expect(await routers(DEMO.seller)).toContain('收到的评价')
    // the staff roles: operator sees 包赔理赔 (its list permission is new to this database), 客服 not
    expect(await routers(DEMO.operator)).toContain('包赔理赔')
    expect(await routers(DEMO.kefu)).not.toContain('包赔理赔')
  })

  it('has each menu of the code once, every old row taken as one of the code', async () => {
    const menus = await t.app.db.selectFrom('menus').select('ref_key').execute()
    expect(menus.map((m) => m.ref_key).sort()).toEqual(
      codeMenus()
        .map((m) => m.key)
        .sort(),
    )
  })

  it('is up to date after its first start: reconciling again changes nothing', async () => {
    expect(await reconcileReference(t.app.db)).toEqual({ added: 0, removed: 0, updated: 0 })
  })
})
