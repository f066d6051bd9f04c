/**
 * The same app on PostgreSQL. Runs when TEST_DATABASE_URL points at a server where the user may create
 * databases (e.g. postgres://postgres@127.0.0.1:5432/test); it creates a database with a random name,
 * runs the migrations and seed there, and drops it afterwards.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../test-utils'

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl)
  console.info('postgres.test.ts skipped: set TEST_DATABASE_URL=postgres://user@host:port/db to run it')

describe.skipIf(!adminUrl)('PostgreSQL', () => {
  const dbName = `market_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  let databaseUrl: string
  let t: TestApp

  beforeAll(async () => {
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    const url = new URL(adminUrl!)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
    t = await startTestApp({ databaseUrl })
  })

  afterAll(async () => {
    await t?.close()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  })

  it('migrates, seeds and serves the same API', async () => {
    const token = await tokenOf(t.app, ...DEMO.buyer)
    const info = await call(t.app, 'GET', '/api/getInfo', { token })
    expect(info).toMatchObject({
      code: 200,
      user: { userName: 'buyer', nickName: '买家小王' },
      roles: ['common'],
    })
    expect(typeof info.user.createdAt).toBe('number')

    const games = await call(t.app, 'GET', '/api/goods/game/getGames')
    expect(games.data.length).toBeGreaterThanOrEqual(8)
    expect(games.data[0]).toMatchObject({ gameId: expect.any(Number), hot: true })

    expect(await call(t.app, 'GET', '/api/user/message/getNoReadWebMessageCount', { token })).toMatchObject({
      data: 3,
    })
    const page = await call(t.app, 'GET', '/api/platform/notice/list?pageSize=2&keyword=%E5%AF%86%E7%A0%81')
    expect(page).toMatchObject({ code: 200, total: 2 })
  })

  it('starts again on the existing database without migrating or seeding twice', async () => {
    const again = await startTestApp({ databaseUrl })
    try {
      expect((await tokenOf(again.app, ...DEMO.seller)).length).toBeGreaterThan(0)
      expect(await again.app.db.selectFrom('users').select('user_name').execute()).toHaveLength(3)
    } finally {
      await again.close()
    }
  })
})
