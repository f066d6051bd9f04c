/**
 * The WeChat Pay simulator's state (docs/payments.md, "WeChat Pay"): its own SQLite file and its own
 * "platform" key pair in the directory it is given, so two server processes pointing at one directory
 * see the same trades, and a restart keeps them. Not one of our modules: it creates its tables itself.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'

/** The simulated WeChat Pay public key (the "微信支付公钥" a merchant downloads) and its id. */
export interface WechatpaySimKeys {
  publicKeyId: string
  publicKey: string
  privateKey: string
}

const KEY_FILE = 'wechatpay-platform.json'

/**
 * The simulator's platform key pair, generated once and kept in `dir`: the demo wiring reads the
 * public half (and its id) to configure the adapter (WECHATPAY_PUBLIC_KEY_ID / WECHATPAY_PUBLIC_KEY).
 */
export function wechatpaySimulatorKeys(dir: string): WechatpaySimKeys {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, KEY_FILE)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as WechatpaySimKeys
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const keys: WechatpaySimKeys = {
    // the real ids look like PUB_KEY_ID_0114232134912410000000000000000
    publicKeyId: `PUB_KEY_ID_01${Array.from(randomBytes(29), (b) => b % 10).join('')}`,
    publicKey: pair.publicKey,
    privateKey: pair.privateKey,
  }
  // wx: another process may have written it meanwhile; then its pair wins
  try {
    writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 })
    return keys
  } catch {
    return JSON.parse(readFileSync(file, 'utf8')) as WechatpaySimKeys
  }
}

export interface SimTrade {
  out_trade_no: string
  appid: string
  mchid: string
  description: string
  notify_url: string
  total: number
  trade_type: 'NATIVE' | 'MWEB'
  /** NOTPAY, SUCCESS, REFUND, CLOSED, PAYERROR */
  trade_state: string
  /** the code in code_url / prepay_id of h5_url */
  pay_code: string
  transaction_id: string | null
  payer_openid: string | null
  created_at: number
  time_expire: number | null
  success_time: number | null
}

export interface SimRefund {
  out_refund_no: string
  out_trade_no: string
  refund_id: string
  refund: number
  total: number
  reason: string
  notify_url: string
  /** PROCESSING, SUCCESS, CLOSED, ABNORMAL */
  status: string
  created_at: number
  settle_at: number
  success_time: number | null
}

export interface SimNotification {
  id: string
  kind: 'TRANSACTION' | 'REFUND'
  event_type: string
  /** out_trade_no or out_refund_no */
  target_no: string
  url: string
  body: string
  created_at: number
  /** how many attempts were made */
  attempts: number
  next_at: number | null
  lease_until: number
  /** 1 once answered 200/204, or when the schedule ran out */
  done: number
  delivered: number
}

export interface SimNotifyAttempt {
  notification_id: string
  at: number
  status: number
  ok: number
  error: string | null
}

/** A mismatch planted in one day's bill (the reconciliation test's). */
export interface BillPlant {
  day: string
  /** AMOUNT: a line's amount differs; EXTRA: a line we never had; MISSING: a line left out */
  kind: 'AMOUNT' | 'EXTRA' | 'MISSING'
  /** out_trade_no (or out_refund_no with refund) of the line */
  no: string
  refund: boolean
  /** fen: the amount the bill shows (AMOUNT, EXTRA) */
  amount: number
}

/** A fault the API answers instead of the real answer, for the next `times` requests. */
export type SimFault = 'ERROR_500' | 'GARBAGE' | 'BAD_SIGNATURE' | 'SLOW'

export type SimStore = ReturnType<typeof openSimStore>

export function openSimStore(dir: string) {
  mkdirSync(dir, { recursive: true })
  const db = new SQLite(join(dir, 'wechatpay-sim.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.exec(`
    CREATE TABLE IF NOT EXISTS trades (
      out_trade_no TEXT PRIMARY KEY, appid TEXT NOT NULL, mchid TEXT NOT NULL, description TEXT NOT NULL,
      notify_url TEXT NOT NULL, total INTEGER NOT NULL, trade_type TEXT NOT NULL, trade_state TEXT NOT NULL,
      pay_code TEXT NOT NULL UNIQUE, transaction_id TEXT, payer_openid TEXT, created_at INTEGER NOT NULL,
      time_expire INTEGER, success_time INTEGER);
    CREATE TABLE IF NOT EXISTS refunds (
      out_refund_no TEXT PRIMARY KEY, out_trade_no TEXT NOT NULL, refund_id TEXT NOT NULL, refund INTEGER NOT NULL,
      total INTEGER NOT NULL, reason TEXT NOT NULL, notify_url TEXT NOT NULL, status TEXT NOT NULL,
      created_at INTEGER NOT NULL, settle_at INTEGER NOT NULL, success_time INTEGER);
    CREATE TABLE IF NOT EXISTS notifications (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, event_type TEXT NOT NULL, target_no TEXT NOT NULL, url TEXT NOT NULL,
      body TEXT NOT NULL, created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER,
      lease_until INTEGER NOT NULL DEFAULT 0, done INTEGER NOT NULL DEFAULT 0, delivered INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS notify_attempts (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, notification_id TEXT NOT NULL, at INTEGER NOT NULL,
      status INTEGER NOT NULL, ok INTEGER NOT NULL, error TEXT);
    CREATE TABLE IF NOT EXISTS bill_plants (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, day TEXT NOT NULL, kind TEXT NOT NULL, no TEXT NOT NULL,
      refund INTEGER NOT NULL, amount INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS bill_tokens (token TEXT PRIMARY KEY, day TEXT NOT NULL, bill_type TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS faults (seq INTEGER PRIMARY KEY AUTOINCREMENT, fault TEXT NOT NULL, left INTEGER NOT NULL);
  `)

  const q = {
    trade: db.prepare<[string], SimTrade>('SELECT * FROM trades WHERE out_trade_no = ?'),
    tradeByCode: db.prepare<[string], SimTrade>('SELECT * FROM trades WHERE pay_code = ?'),
    insertTrade: db.prepare(
      `INSERT INTO trades (out_trade_no, appid, mchid, description, notify_url, total, trade_type, trade_state,
        pay_code, created_at, time_expire) VALUES (@out_trade_no, @appid, @mchid, @description, @notify_url,
        @total, @trade_type, 'NOTPAY', @pay_code, @created_at, @time_expire)`,
    ),
    refund: db.prepare<[string], SimRefund>('SELECT * FROM refunds WHERE out_refund_no = ?'),
    refundsOf: db.prepare<[string], SimRefund>('SELECT * FROM refunds WHERE out_trade_no = ?'),
    insertRefund: db.prepare(
      `INSERT INTO refunds (out_refund_no, out_trade_no, refund_id, refund, total, reason, notify_url, status,
        created_at, settle_at, success_time) VALUES (@out_refund_no, @out_trade_no, @refund_id, @refund, @total,
        @reason, @notify_url, @status, @created_at, @settle_at, @success_time)`,
    ),
    dueRefunds: db.prepare<[number], SimRefund>(
      "SELECT * FROM refunds WHERE status = 'PROCESSING' AND settle_at <= ?",
    ),
    insertNotification: db.prepare(
      `INSERT INTO notifications (id, kind, event_type, target_no, url, body, created_at, next_at)
        VALUES (@id, @kind, @event_type, @target_no, @url, @body, @created_at, @next_at)`,
    ),
    dueNotifications: db.prepare<[number, number], SimNotification>(
      'SELECT * FROM notifications WHERE done = 0 AND next_at <= ? AND lease_until < ? ORDER BY created_at',
    ),
    lease: db.prepare<[number, string, number]>(
      'UPDATE notifications SET lease_until = ? WHERE id = ? AND done = 0 AND lease_until < ?',
    ),
    afterAttempt: db.prepare(
      `UPDATE notifications SET attempts = attempts + 1, next_at = @next_at, done = @done, delivered = @delivered,
        lease_until = 0 WHERE id = @id`,
    ),
    insertAttempt: db.prepare(
      'INSERT INTO notify_attempts (notification_id, at, status, ok, error) VALUES (?, ?, ?, ?, ?)',
    ),
    notificationsOf: db.prepare<[string], SimNotification>(
      'SELECT * FROM notifications WHERE target_no = ? ORDER BY created_at',
    ),
    attemptsOf: db.prepare<[string], SimNotifyAttempt>(
      'SELECT notification_id, at, status, ok, error FROM notify_attempts WHERE notification_id = ? ORDER BY seq',
    ),
    plants: db.prepare<[string], BillPlant>(
      'SELECT day, kind, no, refund, amount FROM bill_plants WHERE day = ?',
    ),
    insertPlant: db.prepare('INSERT INTO bill_plants (day, kind, no, refund, amount) VALUES (?, ?, ?, ?, ?)'),
    tradesPaidBetween: db.prepare<[number, number], SimTrade>(
      'SELECT * FROM trades WHERE success_time >= ? AND success_time < ? ORDER BY success_time',
    ),
    refundsDoneBetween: db.prepare<[number, number], SimRefund>(
      "SELECT * FROM refunds WHERE status = 'SUCCESS' AND success_time >= ? AND success_time < ? ORDER BY success_time",
    ),
    insertToken: db.prepare('INSERT INTO bill_tokens (token, day, bill_type) VALUES (?, ?, ?)'),
    token: db.prepare<[string], { day: string; bill_type: string }>(
      'SELECT day, bill_type FROM bill_tokens WHERE token = ?',
    ),
    fault: db.prepare<[], { seq: number; fault: SimFault }>(
      'SELECT seq, fault FROM faults WHERE left > 0 ORDER BY seq LIMIT 1',
    ),
    useFault: db.prepare<[number]>('UPDATE faults SET left = left - 1 WHERE seq = ? AND left > 0'),
    insertFault: db.prepare('INSERT INTO faults (fault, left) VALUES (?, ?)'),
  }

  return {
    db,
    trade: (no: string) => q.trade.get(no),
    tradeByCode: (code: string) => q.tradeByCode.get(code),
    insertTrade: (t: Omit<SimTrade, 'trade_state' | 'transaction_id' | 'payer_openid' | 'success_time'>) =>
      q.insertTrade.run(t),
    /** moves a trade from an unpaid state: false when it was not in one (paid, closed or unknown) */
    setTradeState(no: string, from: string[], set: Partial<SimTrade>): boolean {
      const cols = Object.keys(set)
        .map((k) => `${k} = @${k}`)
        .join(', ')
      const marks = from.map((_, i) => `@from${i}`).join(', ')
      const params: Record<string, unknown> = { ...set, no }
      from.forEach((s, i) => (params[`from${i}`] = s))
      return (
        db
          .prepare(`UPDATE trades SET ${cols} WHERE out_trade_no = @no AND trade_state IN (${marks})`)
          .run(params).changes === 1
      )
    },
    refund: (no: string) => q.refund.get(no),
    refundsOf: (tradeNo: string) => q.refundsOf.all(tradeNo),
    insertRefund: (r: SimRefund) => q.insertRefund.run(r),
    setRefund(no: string, from: string, status: string, successTime: number | null): boolean {
      return (
        db
          .prepare('UPDATE refunds SET status = ?, success_time = ? WHERE out_refund_no = ? AND status = ?')
          .run(status, successTime, no, from).changes === 1
      )
    },
    dueRefunds: (now: number) => q.dueRefunds.all(now),
    insertNotification: (n: Omit<SimNotification, 'attempts' | 'lease_until' | 'done' | 'delivered'>) =>
      q.insertNotification.run(n),
    dueNotifications: (now: number) => q.dueNotifications.all(now, now),
    /** claims a notification for one delivery attempt, so two processes never send the same attempt */
    lease: (id: string, now: number, forMs: number) => q.lease.run(now + forMs, id, now).changes === 1,
    recordAttempt(
      id: string,
      at: number,
      status: number,
      ok: boolean,
      error: string | null,
      nextAt: number | null,
    ) {
      db.transaction(() => {
        q.insertAttempt.run(id, at, status, ok ? 1 : 0, error)
        q.afterAttempt.run({
          id,
          next_at: nextAt,
          done: ok || nextAt === null ? 1 : 0,
          delivered: ok ? 1 : 0,
        })
      })()
    },
    notificationsOf: (targetNo: string) =>
      q.notificationsOf.all(targetNo).map((n) => ({ ...n, attemptLog: q.attemptsOf.all(n.id) })),
    plants: (day: string) => q.plants.all(day),
    plant: (p: BillPlant) => q.insertPlant.run(p.day, p.kind, p.no, p.refund ? 1 : 0, p.amount),
    tradesPaidBetween: (from: number, to: number) => q.tradesPaidBetween.all(from, to),
    refundsDoneBetween: (from: number, to: number) => q.refundsDoneBetween.all(from, to),
    insertToken: (token: string, day: string, billType: string) => q.insertToken.run(token, day, billType),
    token: (token: string) => q.token.get(token),
    /** takes one planted fault, if any is left */
    takeFault(): SimFault | null {
      return db.transaction(() => {
        const f = q.fault.get()
        if (!f) return null
        q.useFault.run(f.seq)
        return f.fault
      })()
    },
    addFault: (fault: SimFault, times: number) => q.insertFault.run(fault, times),
    close: () => db.close(),
  }
}
