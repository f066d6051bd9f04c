/** The Alipay simulator's trades: opening, paying and finding them, checking requests, the trade methods. */
import { chinaTime } from './alipay-bill'
import {
  BUYER_ID,
  BUYER_LOGON,
  digits,
  fenOf,
  invalid,
  ok,
  PAGE_METHODS,
  parseChinaTime,
  Refusal,
  refused,
  stamp,
  text,
  yuan,
  type AlipaySim,
  type Answer,
  type Method,
} from './alipay-common'
import type { AlipayNotifier } from './alipay-notify'
import { rsa2Verify, signContent, type Params } from './alipay-sign'
import type { SimTrade } from './alipay-store'

export function alipayTrades(sim: AlipaySim, { notify }: AlipayNotifier) {
  const { store, now, options, merchantKey } = sim
  // ---- trades
  /** the trade as it stands now: a waiting trade past its time_expire closes */
  function tradeOf(outTradeNo: string): SimTrade | undefined {
    const t = store.trade(outTradeNo)
    if (t?.status === 'WAIT_BUYER_PAY' && t.expires_at !== null && now() >= t.expires_at) {
      store.setTradeStatus(outTradeNo, 'WAIT_BUYER_PAY', 'TRADE_CLOSED', now())
      return store.trade(outTradeNo)
    }
    return t
  }
  /** a trade from a pay request (page, WAP or precreate); the same request again finds the same trade */
  function openTrade(method: string, params: Params, biz: Answer): SimTrade {
    const outTradeNo = text(biz.out_trade_no)
    const subject = text(biz.subject)
    if (!outTradeNo || outTradeNo.length > 64)
      throw new Refusal(invalid('isv.missing-parameter', '缺少参数 out_trade_no'))
    if (!subject) throw new Refusal(invalid('isv.missing-parameter', '缺少参数 subject'))
    const total = fenOf(biz.total_amount, 'total_amount')
    if (total < 1 || total > 100_000_000_00)
      throw new Refusal(invalid('isv.invalid-parameter', '参数 total_amount 不合法'))
    const page = PAGE_METHODS[method]
    if (page && biz.product_code !== page.productCode)
      throw new Refusal(invalid('isv.invalid-parameter', `product_code 应为 ${page.productCode}`))
    const existing = tradeOf(outTradeNo)
    if (existing) {
      if (existing.total !== total || existing.subject !== subject)
        throw new Refusal(refused('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'))
      if (existing.status === 'TRADE_SUCCESS')
        throw new Refusal(refused('ACQ.TRADE_HAS_SUCCESS', '交易已被支付'))
      if (existing.status === 'TRADE_CLOSED')
        throw new Refusal(refused('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'))
      return existing
    }
    const expire = text(biz.time_expire)
    const trade: SimTrade = {
      out_trade_no: outTradeNo,
      trade_no: `${stamp(now())}22001${digits(15)}`,
      method,
      subject,
      total,
      status: 'WAIT_BUYER_PAY',
      notify_url: params.notify_url || null,
      return_url: params.return_url || null,
      expires_at: expire ? parseChinaTime(expire) : now() + 15 * 86_400_000,
      created_at: now(),
      paid_at: null,
      closed_at: null,
      refunded: 0,
    }
    store.insertTrade(trade)
    return trade
  }
  function payTrade(outTradeNo: string): SimTrade {
    const trade = tradeOf(outTradeNo)
    if (!trade) throw new Refusal(refused('ACQ.TRADE_NOT_EXIST', '交易不存在'))
    if (trade.status === 'TRADE_CLOSED') throw new Refusal(refused('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'))
    if (store.setTradeStatus(outTradeNo, 'WAIT_BUYER_PAY', 'TRADE_SUCCESS', now()))
      notify(store.trade(outTradeNo)!)
    return store.trade(outTradeNo)!
  }

  /** the request's signature, app id and biz_content; an answer when they do not check */
  function checkRequest(params: Params): { biz: Answer } | { error: Answer } {
    if (!params.method) return { error: invalid('isv.missing-method', '缺少方法名参数') }
    if (!params.app_id) return { error: invalid('isv.missing-app-id', '缺少AppID参数') }
    if (params.app_id !== options.appId) return { error: invalid('isv.invalid-app-id', '无效的AppID参数') }
    if (!params.sign) return { error: invalid('isv.missing-signature', '缺少签名参数') }
    if (params.sign_type !== 'RSA2') return { error: invalid('isv.invalid-signature-type', '无效的签名类型') }
    if (!rsa2Verify(signContent(params), params.sign, merchantKey))
      return {
        error: invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配'),
      }
    try {
      const biz = params.biz_content ? (JSON.parse(params.biz_content) as unknown) : {}
      if (!biz || typeof biz !== 'object') throw new Error('not an object')
      return { biz: biz as Answer }
    } catch {
      return { error: invalid('isv.invalid-parameter', '参数 biz_content 不是合法的 JSON') }
    }
  }
  function findTrade(biz: Answer): SimTrade {
    const t = biz.out_trade_no
      ? tradeOf(text(biz.out_trade_no))
      : biz.trade_no
        ? store.tradeByNo(text(biz.trade_no))
        : undefined
    if (!t) throw new Refusal(refused('ACQ.TRADE_NOT_EXIST', '交易不存在'))
    return t
  }
  return { tradeOf, openTrade, payTrade, checkRequest, findTrade }
}

export type AlipayTrades = ReturnType<typeof alipayTrades>

/** precreate (the QR code), query and close */
export function tradeMethods(sim: AlipaySim, { openTrade, findTrade }: AlipayTrades): Record<string, Method> {
  const { store, now, baseOf } = sim
  return {
    'alipay.trade.precreate': (biz, params, req) => {
      const trade = openTrade('alipay.trade.precreate', params, biz)
      return ok({ out_trade_no: trade.out_trade_no, qr_code: `${baseOf(req)}/qr/${trade.trade_no}` })
    },
    'alipay.trade.query': (biz) => {
      const t = findTrade(biz)
      return ok({
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        buyer_logon_id: BUYER_LOGON,
        trade_status: t.status,
        total_amount: yuan(t.total),
        ...(t.paid_at
          ? {
              buyer_pay_amount: yuan(t.total),
              receipt_amount: yuan(t.total),
              send_pay_date: chinaTime(t.paid_at),
              buyer_user_id: BUYER_ID,
            }
          : {}),
      })
    },
    'alipay.trade.close': (biz) => {
      const t = findTrade(biz)
      if (t.status === 'TRADE_SUCCESS') throw new Refusal(refused('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'))
      store.setTradeStatus(t.out_trade_no, 'WAIT_BUYER_PAY', 'TRADE_CLOSED', now())
      return ok({ trade_no: t.trade_no, out_trade_no: t.out_trade_no })
    },
  }
}
