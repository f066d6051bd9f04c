/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts; docs/operations.md
 * "Backup and restore"): a backup taken while a listening server creates and pays orders over HTTP is
 * restored into a new data directory, where the money invariant holds, every order whose 200 came
 * before the backup started is present, and none begun after it ended is.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/server/db'
import { checkInvariant } from '../src/server/modules/funds/invariant'
import { DEMO, encryptPassword, startTestApp, tokenOf, type TestApp } from '../src/server/test-utils'
import { backup, filesUnder, type Installation } from './backup'
import { restore, verifyBackup } from './restore'

const dirs: string[] = []
let t: TestApp | undefined
afterAll(async () => {
  await t?.close()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

const installation = (dataDir: string): Installation => ({
  dataDir,
  uploadDir: join(dataDir, 'uploads'),
  keysDir: join(dataDir, 'keys'),
  givenKeys: [],
})

describe('backup and restore', () => {
  it('restores a backup taken under write load: invariant holds, every acknowledged order is there', async () => {
    t = await startTestApp({ tradeSweepMs: 0 })
    const app = t.app
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const token = await tokenOf(app, ...DEMO.buyer)
    const buyer = await app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'buyer')
      .executeTakeFirstOrThrow()
    const listing = await app.db
      .selectFrom('goods')
      .select(['id', 'game_id', 'price'])
      .where('status', '=', 'ON_SALE')
      .where('goods_type', '!=', 'ACCOUNT')
      .where('seller_id', '!=', buyer.id)
      .where('stock', '>=', 50)
      .orderBy('price')
      .executeTakeFirstOrThrow()
    // test set-up: stock and a price of 1 元 that outlast any run (the buyer's 7,000 元 pay them)
    await app.db
      .updateTable('goods')
      .set({ stock: 100_000, price: 100 })
      .where('id', '=', listing.id)
      .execute()

    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(200)
      return (await res.json()) as { code: number; msg: string; data: any }
    }
    const role = await api('/trade/role/save', {
      gameId: listing.game_id,
      roleName: '备份测试',
      gameRoleId: 'R1',
    })
    expect(role.code).toBe(200)
    const payPassword = await encryptPassword(app, '802731')

    // two lanes create and pay orders until told to stop; each order's request start and 200 are kept
    const orders: Array<{ orderNo: string; startedAt: number; ackedAt: number }> = []
    let stop = false
    let failure: unknown = null
    const lane = async () => {
      while (!stop && !failure) {
        const startedAt = performance.now()
        const created = await api('/trade/order/create', {
          goodsId: listing.id,
          quantity: 1,
          roleId: role.data.roleId,
        })
        expect(created.code, created.msg).toBe(200)
        const paid = await api('/trade/order/pay', { orderNo: created.data.orderNo, payPassword })
        expect(paid.code, paid.msg).toBe(200)
        orders.push({ orderNo: created.data.orderNo, startedAt, ackedAt: performance.now() })
      }
    }
    const lanes = [lane(), lane()].map((l) => l.catch((err: unknown) => void (failure ??= err)))
    /** waits until `n` orders were acknowledged (or a lane failed: then its error) */
    const acknowledged = async (n: number) => {
      while (orders.length < n && !failure) await new Promise((r) => setTimeout(r, 20))
      if (failure) throw failure
    }
    await acknowledged(10)

    const out = await mkdtemp(join(tmpdir(), 'market-backup-'))
    dirs.push(out)
    const backupStarted = performance.now()
    const manifest = await backup(installation(t.dataDir), join(out, 'b'))
    const backupEnded = performance.now()
    // writing goes on after it
    await acknowledged(orders.length + 6)
    stop = true
    await Promise.all(lanes)
    if (failure) throw failure

    expect(manifest).toMatchObject({ format: 1, database: 'sqlite', keysFromEnvironment: [] })
    expect(manifest.migration).toMatch(/^\d{4}_/)
    expect(Object.keys(manifest.files)).toEqual(
      expect.arrayContaining([
        'market.db',
        'keys/rsa-private.pem',
        'keys/pay-pin.key',
        'keys/real-names.key',
      ]),
    )
    expect(Object.keys(manifest.files).filter((f) => f.startsWith('uploads/')).length).toBeGreaterThan(0)

    // into a new data directory
    const target = join(out, 'restored')
    await restore(join(out, 'b'), installation(target))
    const { db } = openDatabase({ dataDir: target })
    try {
      const invariant = await checkInvariant(db)
      expect(invariant.ok).toBe(true)
      const present = new Set(
        (await db.selectFrom('orders').select('order_no').where('buyer_id', '=', buyer.id).execute()).map(
          (o) => o.order_no,
        ),
      )
      const acked = orders.filter((o) => o.ackedAt < backupStarted)
      expect(acked.length).toBeGreaterThanOrEqual(10)
      expect(acked.filter((o) => !present.has(o.orderNo))).toEqual([])
      // a point in time: what was begun after the backup ended is not in it
      const later = orders.filter((o) => o.startedAt > backupEnded)
      expect(later.length).toBeGreaterThan(0)
      expect(later.filter((o) => present.has(o.orderNo))).toEqual([])
      expect(manifest.counts.orders).toBe(
        Number(
          (
            await db
              .selectFrom('orders')
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      )
    } finally {
      await db.destroy()
    }
    // the keys and uploads came back byte for byte, the keys owner-only
    for (const f of ['rsa-private.pem', 'real-names.key', 'pay-pin.key'])
      expect(readFileSync(join(target, 'keys', f))).toEqual(readFileSync(join(t.dataDir, 'keys', f)))
    expect(await filesUnder(join(target, 'uploads'))).toEqual(
      Object.keys(manifest.files)
        .filter((f) => f.startsWith('uploads/'))
        .map((f) => f.slice('uploads/'.length)),
    )
  }, 60_000)

  it('refuses a non-empty data directory without --force, and a backup whose files changed', async () => {
    const src = await startTestApp({ tradeSweepMs: 0 })
    await src.app.close()
    const dataDir = src.dataDir
    dirs.push(dataDir)
    const out = join(dataDir, '..', `market-backup-${randomBytes(4).toString('hex')}`)
    dirs.push(out)
    await backup(installation(dataDir), out)
    await expect(verifyBackup(out)).resolves.toMatchObject({ format: 1 })

    // into the directory it came from: refused without --force, done with it
    await expect(restore(out, installation(dataDir))).rejects.toThrow(/--force/)
    await expect(restore(out, installation(dataDir), { force: true })).resolves.toMatchObject({ format: 1 })

    // a key file changed after the backup: nothing is restored
    const key = join(out, 'keys', 'pay-pin.key')
    writeFileSync(key, randomBytes(32).toString('base64'))
    const fresh = join(out, '..', `market-restore-${randomBytes(4).toString('hex')}`)
    dirs.push(fresh)
    await expect(restore(out, installation(fresh))).rejects.toThrow(/keys\/pay-pin\.key/)
    expect(await filesUnder(fresh)).toEqual([])
    // a backup directory that is not empty is refused
    await expect(backup(installation(dataDir), out)).rejects.toThrow(/not empty/)
  }, 60_000)
})
