/**
 * The Alipay simulator's state in its own SQLite file (`dir/alipay-sim.sqlite`): trades, refunds,
 * transfers, notifications and every delivery attempt, planted bill mismatches and injected faults.
 * WAL mode, so several server processes mounting the simulator on one directory share it, and a
 * restart keeps it. Not one of our modules: it makes its tables itself. Amounts are fen.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED'
export type TransferStatus = 'SUCCESS' | 'DEALING' | 'FAIL'

export interface SimTrade {
  out_trade_no: string
  trade_no: string
  method: string
  subject: string
  total: number
  status: TradeStatus
  notify_url: string | null
  return_url: string | null
  expires_at: number | null
  created_at: number
  paid_at: number | null
  closed_at: number | null
  refunded: number
}

export interface SimRefund {
  out_trade_no: string
  out_request_no: string
  amount: number
  reason: string
  at: number
}

export interface SimTransfer {
  out_biz_no: string
  order_id: string
  pay_fund_order_id: string
  amount: number
  identity: string
  name: string
  title: string
  status: TransferStatus
  fail_reason: string | null
  at: number
}

export interface SimNotification {
  id: number
  notify_id: string
  out_trade_no: string
  url: string
  body: string
  created_at: number
  next_at: number | null
  attempts: number
  delivered: number
}

export interface SimNotifyAttempt {
  notification_id: number
  at: number
  status: number
  answer: string
}

/**
 * A planted bill mismatch: `amount` changes a line's amount, `drop` leaves it out, `extra` adds a line
 * we never made — a payment (交易), a refund (退款) or a transfer (转账) by `line_kind`.
 */
export interface BillTweak {
  day: string
  kind: 'amount' | 'drop' | 'extra'
  our_no: string
  amount: number | null
  /** of an `extra` line: PAYMENT (null), REFUND or PAYOUT */
  line_kind: 'PAYMENT' | 'REFUND' | 'PAYOUT' | null
}

/**
 * An injected fault: no answer worth reading (http500, garbage, a hang, a bad signature, a system
 * error) — or `refuse`, a business refusal (code 40004) with a sub-code of Alipay's, as Alipay
 * answers a call it will never do (a refund of a trade in the wrong state, a balance too low).
 */
export type FaultKind = 'http500' | 'garbage' | 'timeout' | 'badsign' | 'system' | 'refuse'

export interface SimFault {
  kind: FaultKind
  /** of a `refuse`: Alipay's sub_code (default ACQ.TRADE_STATUS_ERROR) */
  sub_code: string | null
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS trades (
  out_trade_no TEXT PRIMARY KEY, trade_no TEXT NOT NULL UNIQUE, method TEXT NOT NULL, subject TEXT NOT NULL,
  total INTEGER NOT NULL, status TEXT NOT NULL, notify_url TEXT, return_url TEXT, expires_at INTEGER,
  created_at INTEGER NOT NULL, paid_at INTEGER, closed_at INTEGER, refunded INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS refunds (
  out_trade_no TEXT NOT NULL, out_request_no TEXT NOT NULL, amount INTEGER NOT NULL, reason TEXT NOT NULL,
  at INTEGER NOT NULL, PRIMARY KEY (out_trade_no, out_request_no));
CREATE TABLE IF NOT EXISTS transfers (
  out_biz_no TEXT PRIMARY KEY, order_id TEXT NOT NULL, pay_fund_order_id TEXT NOT NULL, amount INTEGER NOT NULL,
  identity TEXT NOT NULL, name TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, fail_reason TEXT,
  at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT, notify_id TEXT NOT NULL, out_trade_no TEXT NOT NULL, url TEXT NOT NULL,
  body TEXT NOT NULL, created_at INTEGER NOT NULL, next_at INTEGER, claimed_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0, delivered INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS notify_attempts (
  notification_id INTEGER NOT NULL, at INTEGER NOT NULL, status INTEGER NOT NULL, answer TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bill_tweaks (
  id INTEGER PRIMARY KEY AUTOINCREMENT, day TEXT NOT NULL, kind TEXT NOT NULL, our_no TEXT NOT NULL, amount INTEGER,
  line_kind TEXT);
CREATE TABLE IF NOT EXISTS faults (method TEXT PRIMARY KEY, kind TEXT NOT NULL, remaining INTEGER NOT NULL,
  sub_code TEXT);
`

export type AlipaySimStore = ReturnType<typeof openAlipaySimStore>

export function openAlipaySimStore(dir: string) {
  const db = new Database(join(dir, 'alipay-sim.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)
  // a simulator directory made before extra lines had a kind (a demo install's) gets the column
  const tweakColumns = db.prepare('PRAGMA table_info(bill_tweaks)').all() as { name: string }[]
  if (!tweakColumns.some((c) => c.name === 'line_kind'))
    db.exec('ALTER TABLE bill_tweaks ADD COLUMN line_kind TEXT')
  const faultColumns = db.prepare('PRAGMA table_info(faults)').all() as { name: string }[]
  if (!faultColumns.some((c) => c.name === 'sub_code')) db.exec('ALTER TABLE faults ADD COLUMN sub_code TEXT')
  const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T | undefined
  const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[]
  const run = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args)

  return {
    db,
    close: () => db.close(),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),

    trade: (outTradeNo: string) => one<SimTrade>('SELECT * FROM trades WHERE out_trade_no = ?', outTradeNo),
    tradeByNo: (tradeNo: string) => one<SimTrade>('SELECT * FROM trades WHERE trade_no = ?', tradeNo),
    insertTrade: (t: SimTrade) =>
      run(
        `INSERT INTO trades (out_trade_no, trade_no, method, subject, total, status, notify_url, return_url,
         expires_at, created_at, paid_at, closed_at, refunded)
         VALUES (@out_trade_no, @trade_no, @method, @subject, @total, @status, @notify_url, @return_url,
         @expires_at, @created_at, @paid_at, @closed_at, @refunded)`,
        t,
      ),
    /** compare-and-set: moves the trade only from `from` */
    setTradeStatus: (outTradeNo: string, from: TradeStatus, to: TradeStatus, at: number) =>
      run(
        `UPDATE trades SET status = ?, paid_at = CASE WHEN ? = 'TRADE_SUCCESS' THEN ? ELSE paid_at END,
         closed_at = CASE WHEN ? = 'TRADE_CLOSED' THEN ? ELSE closed_at END
         WHERE out_trade_no = ? AND status = ?`,
        to,
        to,
        at,
        to,
        at,
        outTradeNo,
        from,
      ).changes === 1,
    addRefunded: (outTradeNo: string, amount: number, closeAt: number | null) =>
      run(
        `UPDATE trades SET refunded = refunded + ?, status = CASE WHEN ? IS NULL THEN status ELSE 'TRADE_CLOSED' END,
         closed_at = COALESCE(?, closed_at) WHERE out_trade_no = ?`,
        amount,
        closeAt,
        closeAt,
        outTradeNo,
      ),
    tradesPaidBetween: (from: number, to: number) =>
      all<SimTrade>('SELECT * FROM trades WHERE paid_at >= ? AND paid_at < ? ORDER BY paid_at', from, to),

    refund: (outTradeNo: string, outRequestNo: string) =>
      one<SimRefund>(
        'SELECT * FROM refunds WHERE out_trade_no = ? AND out_request_no = ?',
        outTradeNo,
        outRequestNo,
      ),
    insertRefund: (r: SimRefund) =>
      run(
        'INSERT INTO refunds (out_trade_no, out_request_no, amount, reason, at) VALUES (@out_trade_no, @out_request_no, @amount, @reason, @at)',
        r,
      ),
    refundsBetween: (from: number, to: number) =>
      all<SimRefund & { trade_no: string; total: number; subject: string }>(
        `SELECT r.*, t.trade_no, t.total, t.subject FROM refunds r JOIN trades t USING (out_trade_no)
         WHERE r.at >= ? AND r.at < ? ORDER BY r.at`,
        from,
        to,
      ),

    transfer: (outBizNo: string) =>
      one<SimTransfer>('SELECT * FROM transfers WHERE out_biz_no = ?', outBizNo),
    transferByOrder: (orderId: string) =>
      one<SimTransfer>('SELECT * FROM transfers WHERE order_id = ?', orderId),
    insertTransfer: (t: SimTransfer) =>
      run(
        `INSERT INTO transfers (out_biz_no, order_id, pay_fund_order_id, amount, identity, name, title, status, fail_reason, at)
         VALUES (@out_biz_no, @order_id, @pay_fund_order_id, @amount, @identity, @name, @title, @status, @fail_reason, @at)`,
        t,
      ),
    settleTransfer: (outBizNo: string, status: TransferStatus, failReason: string | null, at: number) =>
      run(
        `UPDATE transfers SET status = ?, fail_reason = ?, at = ? WHERE out_biz_no = ? AND status = 'DEALING'`,
        status,
        failReason,
        at,
        outBizNo,
      ).changes === 1,
    transfersBetween: (from: number, to: number) =>
      all<SimTransfer>(
        `SELECT * FROM transfers WHERE status = 'SUCCESS' AND at >= ? AND at < ? ORDER BY at`,
        from,
        to,
      ),

    insertNotification: (n: Omit<SimNotification, 'id' | 'attempts' | 'delivered'>) =>
      Number(
        run(
          `INSERT INTO notifications (notify_id, out_trade_no, url, body, created_at, next_at)
           VALUES (@notify_id, @out_trade_no, @url, @body, @created_at, @next_at)`,
          n,
        ).lastInsertRowid,
      ),
    notification: (id: number) => one<SimNotification>('SELECT * FROM notifications WHERE id = ?', id),
    notificationsOf: (outTradeNo: string) =>
      all<SimNotification>('SELECT * FROM notifications WHERE out_trade_no = ? ORDER BY id', outTradeNo),
    pendingNotifications: () =>
      all<SimNotification>('SELECT * FROM notifications WHERE delivered = 0 AND next_at IS NOT NULL'),
    /** one process delivers an attempt: the claim is a compare-and-set on the row */
    claimNotification: (id: number, now: number, leaseMs: number) =>
      run(
        `UPDATE notifications SET claimed_until = ? WHERE id = ? AND delivered = 0 AND next_at IS NOT NULL
         AND next_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)`,
        now + leaseMs,
        id,
        now,
        now,
      ).changes === 1,
    recordAttempt: (
      id: number,
      at: number,
      status: number,
      answer: string,
      nextAt: number | null,
      delivered: boolean,
    ) =>
      db.transaction(() => {
        run(
          'INSERT INTO notify_attempts (notification_id, at, status, answer) VALUES (?, ?, ?, ?)',
          id,
          at,
          status,
          answer,
        )
        run(
          `UPDATE notifications SET attempts = attempts + 1, delivered = ?, next_at = ?, claimed_until = NULL WHERE id = ?`,
          delivered ? 1 : 0,
          delivered ? null : nextAt,
          id,
        )
      })(),
    attemptsOf: (id: number) =>
      all<SimNotifyAttempt>('SELECT * FROM notify_attempts WHERE notification_id = ? ORDER BY at', id),

    addTweak: (t: BillTweak) =>
      run(
        'INSERT INTO bill_tweaks (day, kind, our_no, amount, line_kind) VALUES (@day, @kind, @our_no, @amount, @line_kind)',
        t,
      ),
    tweaksOf: (day: string) =>
      all<BillTweak>(
        'SELECT day, kind, our_no, amount, line_kind FROM bill_tweaks WHERE day = ? ORDER BY id',
        day,
      ),

    setFault: (method: string, kind: FaultKind, times: number, subCode: string | null = null) =>
      run(
        'INSERT OR REPLACE INTO faults (method, kind, remaining, sub_code) VALUES (?, ?, ?, ?)',
        method,
        kind,
        times,
        subCode,
      ),
    /** the fault planted for this method, used up by one call */
    takeFault: (method: string): SimFault | null =>
      db.transaction(() => {
        const f = one<SimFault & { method: string }>(
          'SELECT method, kind, sub_code FROM faults WHERE method IN (?, ?) AND remaining > 0 ORDER BY method = ? DESC',
          method,
          '*',
          method,
        )
        if (!f) return null
        run('UPDATE faults SET remaining = remaining - 1 WHERE method = ?', f.method)
        return { kind: f.kind, sub_code: f.sub_code }
      })(),
  }
}
