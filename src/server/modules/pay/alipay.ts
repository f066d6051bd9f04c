/**
 * The Alipay adapter (docs/payments.md, "Alipay") on Alipay's own library `alipay-sdk` v4: RSA2
 * request signing and answer verification by `exec` against the configured gateway
 * (ALIPAY_GATEWAY: Alipay's production gateway, its sandbox, or our simulator sim/alipay.ts),
 * `pageExec` for the PC and phone cashiers, `checkNotifySignV2` for notifications.
 *
 * Errors: a gateway that cannot be reached, times out, answers non-200, garbage, an answer whose
 * signature does not check, or Alipay's "system busy" codes → ProviderUnavailable (the caller keeps
 * its state and asks again later with the same numbers); a business refusal → AlipayRefused with
 * Alipay's words, or a FAILED payout with them as failReason. Nothing secret reaches a message: the
 * SDK logs nothing unless given a logger, and we give none.
 */
import { AlipaySdk } from 'alipay-sdk'
import { chinaMs, tradeBillLines, transferBillLines } from './alipay-bill'
import {
  ProviderUnavailable,
  type BillLine,
  type CreatePayment,
  type NotifyAnswer,
  type PaymentStart,
  type PayoutRequest,
  type PayoutResult,
  type PayProvider,
  type ProviderTrade,
  type RefundRequest,
  type RefundResult,
  type VerifiedNotification,
} from './provider'
import { alipaySdkConfig, type AlipayConfig } from './alipay-config'

// kept where callers import them (src/server/config.ts, the tests)
export { ALIPAY_PRODUCTION_GATEWAY, alipaySdkConfig, type AlipayConfig } from './alipay-config'

/** Alipay refused a request for a business reason: its code and words. */
export class AlipayRefused extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {
    super(`支付宝拒绝了 ${method}：${subMsg}（${subCode || code}）`)
    this.name = 'AlipayRefused'
  }
}

/** A notification that is not Alipay's (bad signature or shape): never applied. */
export class AlipayNotificationInvalid extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AlipayNotificationInvalid'
  }
}

/** Alipay's answers that mean "busy, ask again" rather than a refusal. */
const BUSY_SUB_CODES = new Set([
  'isp.unknow-error',
  'ACQ.SYSTEM_ERROR',
  'SYSTEM_ERROR',
  'aop.ACQ.SYSTEM_ERROR',
])

const PAYOUT_PRODUCT = { product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER' }

type Answer = Record<string, unknown> & { code: string; msg?: string; sub_code?: string; sub_msg?: string }

/** fen → Alipay's yuan with two decimals, exactly */
export function alipayYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`bad amount ${fen}`)
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** Alipay's yuan ('12.3', '12.30') → fen, exactly; anything else is not Alipay's answer */
export function fenOfYuan(value: unknown): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(typeof value === 'string' ? value.trim() : '')
  if (!m) throw new ProviderUnavailable(`支付宝返回的金额无法识别`)
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** epoch ms → China time 'yyyy-MM-dd HH:mm:ss' (Alipay's times, e.g. time_expire) */
const chinaTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

const TRADE_STATUS: Record<string, VerifiedNotification['status']> = {
  WAIT_BUYER_PAY: 'WAITING',
  TRADE_SUCCESS: 'PAID',
  TRADE_FINISHED: 'PAID',
  TRADE_CLOSED: 'CLOSED',
}

const PAYOUT_STATUS: Record<string, PayoutResult['status']> = {
  SUCCESS: 'PAID',
  DEALING: 'PAYING',
  WAIT_PAY: 'PAYING',
  INIT: 'PAYING',
  FAIL: 'FAILED',
  CLOSED: 'FAILED',
  // the money came back from the payee's side after a success
  REFUND: 'FAILED',
}

const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** a notification's China time, or now when it names none that parses */
const notifiedAt = (value: string | undefined) => {
  const at = chinaMs(value ?? '')
  return Number.isNaN(at) ? Date.now() : at
}

export function createAlipayProvider(config: AlipayConfig): PayProvider {
  const sdk = new AlipaySdk(alipaySdkConfig(config))
  const timeoutMs = config.timeoutMs ?? 10_000

  /** one gateway call, its answer's signature checked; Alipay's answer (10000 or a business refusal) */
  async function call(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) {
    let answer: Answer
    try {
      answer = (await sdk.exec(method, { bizContent, ...extra }, { validateSign: true })) as Answer
    } catch (err) {
      // unreachable, timed out, non-200, not JSON, or a signature that does not check
      const why = err instanceof Error ? err.message.split('\n')[0].slice(0, 160) : 'unknown'
      throw new ProviderUnavailable(`支付宝 ${method} 调用失败：${why}`, err)
    }
    if (!answer || typeof answer.code !== 'string')
      throw new ProviderUnavailable(`支付宝 ${method} 的应答无法识别`)
    if (answer.code === '20000' || BUSY_SUB_CODES.has(answer.sub_code ?? ''))
      throw new ProviderUnavailable(`支付宝 ${method} 暂不可用：${answer.sub_msg ?? answer.msg ?? ''}`)
    return answer
  }
  const refusal = (method: string, a: Answer) =>
    new AlipayRefused(method, a.code, a.sub_code ?? '', a.sub_msg ?? a.msg ?? '')

  async function downloadBill(type: 'trade' | 'signcustomer', day: string): Promise<Buffer | null> {
    const method = 'alipay.data.dataservice.bill.downloadurl.query'
    const a = await call(method, { bill_type: type, bill_date: day })
    if (a.code !== '10000') {
      if (a.sub_code === 'isp.bill_not_exist') return null
      throw refusal(method, a)
    }
    const url = str(a.bill_download_url)
    if (!url) throw new ProviderUnavailable('支付宝未返回账单下载地址')
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs * 3) })
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`)
      return Buffer.from(await res.arrayBuffer())
    } catch (err) {
      throw new ProviderUnavailable(`支付宝账单下载失败：${(err as Error).message.slice(0, 120)}`, err)
    }
  }
  function parseBill(zip: Buffer | null, parse: (zip: Buffer) => BillLine[]): BillLine[] {
    if (!zip) return []
    try {
      return parse(zip)
    } catch (err) {
      throw new ProviderUnavailable(`支付宝账单无法解析：${(err as Error).message.slice(0, 120)}`, err)
    }
  }

  const provider: PayProvider = {
    channel: 'ALIPAY',
    appId: config.appId,
    canPayOut: true,

    async create(p: CreatePayment): Promise<PaymentStart> {
      const bizContent = {
        out_trade_no: p.attemptNo,
        total_amount: alipayYuan(p.amount),
        subject: p.subject.slice(0, 128),
        time_expire: chinaTime(p.expiresAt),
      }
      if (p.scene === 'QR') {
        const method = 'alipay.trade.precreate'
        const a = await call(method, bizContent, { notifyUrl: p.notifyUrl })
        if (a.code !== '10000') throw refusal(method, a)
        return { qrCode: str(a.qr_code) }
      }
      // a signed GET to the gateway: Alipay's cashier opens on it (no call from us)
      const page =
        p.scene === 'PC'
          ? { method: 'alipay.trade.page.pay', product_code: 'FAST_INSTANT_TRADE_PAY' }
          : { method: 'alipay.trade.wap.pay', product_code: 'QUICK_WAP_WAY', quit_url: p.returnUrl }
      const { method, ...product } = page
      const payUrl = sdk.pageExec(method, 'GET', {
        bizContent: { ...bizContent, ...product },
        notifyUrl: p.notifyUrl,
        returnUrl: p.returnUrl,
      })
      return { payUrl }
    },

    async query(attemptNo: string): Promise<ProviderTrade> {
      const method = 'alipay.trade.query'
      const a = await call(method, { out_trade_no: attemptNo })
      if (a.code !== '10000') {
        // Alipay knows a page-pay trade only once the buyer opened the cashier
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST')
          return { attemptNo, status: 'NOT_FOUND', amount: 0, tradeNo: null, paidAt: null }
        throw refusal(method, a)
      }
      const paidAt = str(a.send_pay_date) ? chinaMs(str(a.send_pay_date)) : null
      let status = TRADE_STATUS[str(a.trade_status)]
      if (!status) throw new ProviderUnavailable(`支付宝返回了未知的交易状态`)
      // a trade refunded in full is TRADE_CLOSED at Alipay, but it was paid: refunds are tracked apart
      if (status === 'CLOSED' && paidAt !== null) status = 'PAID'
      return {
        attemptNo,
        status: status as ProviderTrade['status'],
        amount: fenOfYuan(a.total_amount),
        tradeNo: str(a.trade_no) || null,
        paidAt,
      }
    },

    async close(attemptNo: string): Promise<void> {
      const method = 'alipay.trade.close'
      const a = await call(method, { out_trade_no: attemptNo })
      if (a.code === '10000' || a.sub_code === 'ACQ.TRADE_NOT_EXIST') return
      if (a.sub_code === 'ACQ.TRADE_STATUS_ERROR') {
        // closed already is fine; paid is not: the caller must learn it
        const trade = await provider.query(attemptNo)
        if (trade.status === 'CLOSED' || trade.status === 'NOT_FOUND') return
      }
      throw refusal(method, a)
    },

    async refund(r: RefundRequest): Promise<RefundResult> {
      const method = 'alipay.trade.refund'
      const a = await call(method, {
        out_trade_no: r.attemptNo,
        out_request_no: r.refundNo,
        refund_amount: alipayYuan(r.amount),
        refund_reason: r.reason.slice(0, 256),
      })
      if (a.code !== '10000') throw refusal(method, a)
      // fund_change N: this refund number was seen before (or is still settling): ask what it did
      if (a.fund_change === 'Y') return { refundNo: r.refundNo, status: 'SUCCESS', amount: r.amount }
      return provider.queryRefund(r.attemptNo, r.refundNo)
    },

    async queryRefund(attemptNo: string, refundNo: string): Promise<RefundResult> {
      const method = 'alipay.trade.fastpay.refund.query'
      const a = await call(method, {
        out_trade_no: attemptNo,
        out_request_no: refundNo,
        query_options: ['gmt_refund_pay'],
      })
      if (a.code !== '10000') {
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { refundNo, status: 'NOT_FOUND', amount: 0 }
        throw refusal(method, a)
      }
      // Alipay answers 10000 without refund fields for a refund it does not know
      if (!str(a.refund_amount)) return { refundNo, status: 'NOT_FOUND', amount: 0 }
      const status = !str(a.refund_status) || a.refund_status === 'REFUND_SUCCESS' ? 'SUCCESS' : 'PENDING'
      return { refundNo, status, amount: fenOfYuan(a.refund_amount) }
    },

    async payout(p: PayoutRequest): Promise<PayoutResult> {
      const method = 'alipay.fund.trans.uni.transfer'
      const a = await call(method, {
        out_biz_no: p.payoutNo,
        trans_amount: alipayYuan(p.amount),
        ...PAYOUT_PRODUCT,
        order_title: p.remark.slice(0, 128),
        remark: p.remark.slice(0, 200),
        payee_info: { identity: p.account, identity_type: 'ALIPAY_LOGON_ID', name: p.name },
      })
      if (a.code !== '10000')
        // a refusal (payee unknown, name mismatch, balance…) moves no money: the payout failed, in Alipay's words
        return {
          payoutNo: p.payoutNo,
          status: 'FAILED',
          failReason: a.sub_msg || a.msg || a.code,
          providerNo: null,
        }
      return payoutResult(p.payoutNo, a)
    },

    async queryPayout(payoutNo: string): Promise<PayoutResult> {
      const method = 'alipay.fund.trans.common.query'
      const a = await call(method, { out_biz_no: payoutNo, ...PAYOUT_PRODUCT })
      if (a.code !== '10000') {
        if (a.sub_code === 'ORDER_NOT_EXIST')
          return { payoutNo, status: 'NOT_FOUND', failReason: null, providerNo: null }
        throw refusal(method, a)
      }
      return payoutResult(payoutNo, a)
    },

    async bill(day: string): Promise<BillLine[]> {
      const [trade, account] = [await downloadBill('trade', day), await downloadBill('signcustomer', day)]
      return [...parseBill(trade, tradeBillLines), ...parseBill(account, transferBillLines)]
    },

    async verifyNotification({ rawBody }): Promise<VerifiedNotification> {
      // form-encoded: URLSearchParams decodes once, as the SDK's checkNotifySignV2 expects
      const params = Object.fromEntries(new URLSearchParams(rawBody))
      if (!params.sign) throw new AlipayNotificationInvalid('支付宝通知缺少签名')
      if (!sdk.checkNotifySignV2(params)) throw new AlipayNotificationInvalid('支付宝通知验签失败')
      if (params.notify_type !== 'trade_status_sync')
        throw new AlipayNotificationInvalid(`不支持的支付宝通知类型 ${params.notify_type ?? ''}`)
      const status = TRADE_STATUS[params.trade_status ?? '']
      if (!status || !params.out_trade_no || !params.notify_id || !params.app_id)
        throw new AlipayNotificationInvalid('支付宝通知缺少字段')
      const amountOf = (v: string | undefined) => {
        try {
          return fenOfYuan(v)
        } catch {
          throw new AlipayNotificationInvalid('支付宝通知的金额无法识别')
        }
      }
      const common = {
        appId: params.app_id,
        attemptNo: params.out_trade_no,
        tradeNo: params.trade_no || null,
        notifyId: params.notify_id,
      }
      // a refund's notification: out_biz_no is the refund number, refund_fee the total refunded so far
      if (params.out_biz_no && params.refund_fee)
        return {
          ...common,
          kind: 'REFUND',
          refundNo: params.out_biz_no,
          status: 'REFUNDED',
          amount: amountOf(params.refund_fee),
          at: notifiedAt(params.gmt_refund || params.notify_time),
        }
      return {
        ...common,
        kind: 'PAYMENT',
        status,
        amount: amountOf(params.total_amount),
        at: notifiedAt(params.gmt_payment || params.notify_time),
      }
    },

    answer(ok: boolean): NotifyAnswer {
      // Alipay retries anything but the exact body `success`
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' }
    },
  }

  function payoutResult(payoutNo: string, a: Answer): PayoutResult {
    const status = PAYOUT_STATUS[str(a.status)] ?? 'PAYING'
    return {
      payoutNo,
      status,
      failReason: status === 'FAILED' ? str(a.fail_reason) || str(a.error_code) || '转账失败' : null,
      providerNo: str(a.order_id) || null,
    }
  }

  return provider
}
