/** The Alipay simulator's gateway (gateway.do), its cashier (PC and phone) and the QR code's landing page. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { chinaTime } from './alipay-bill'
import {
  invalid,
  PAGE_METHODS,
  Refusal,
  refused,
  yuan,
  type AlipaySim,
  type Answer,
  type Method,
} from './alipay-common'
import { cashierPage, messagePage } from './alipay-pages'
import { NOTIFY_LEAVE_OUT, rsa2Sign, signContent, signedResponse, type Params } from './alipay-sign'
import type { FaultKind, SimTrade } from './alipay-store'
import type { AlipayTrades } from './alipay-trades'

/** Alipay's words for the business refusals a `refuse` fault can answer (its sub_msg) */
const REFUSALS: Record<string, string> = {
  'ACQ.TRADE_STATUS_ERROR': '交易状态不合法',
  'ACQ.SELLER_BALANCE_NOT_ENOUGH': '卖家余额不足',
  'ACQ.TRADE_NOT_ALLOW_REFUND': '当前交易不允许退款',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL': '退款金额超限',
}

export function alipayGateway(
  app: FastifyInstance,
  sim: AlipaySim,
  { tradeOf, openTrade, payTrade, checkRequest }: AlipayTrades,
  methods: Record<string, Method>,
) {
  const { store, now, options, keys, sellerId, prefix, formOf } = sim
  // ---- the gateway
  async function gateway(req: FastifyRequest, reply: FastifyReply) {
    const params: Params = { ...(req.query as Params), ...formOf(req.body) }
    if (PAGE_METHODS[params.method]) return cashier(reply, params)
    const method = params.method ?? ''
    const key = `${method ? method.replaceAll('.', '_') : 'error'}_response`
    const taken = method ? store.takeFault(method) : null
    const fault: FaultKind | null = taken?.kind ?? null
    if (fault === 'http500')
      return reply.code(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>')
    if (fault === 'garbage')
      return reply.type('text/html').send('<html><body>系统繁忙，请稍后再试</body></html>')
    if (fault === 'timeout') await new Promise((resolve) => setTimeout(resolve, options.hangMs ?? 10_000))
    let answer: Answer
    if (fault === 'system') {
      answer = {
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'isp.unknow-error',
        sub_msg: '系统繁忙',
      }
    } else if (fault === 'refuse') {
      const subCode = taken?.sub_code || 'ACQ.TRADE_STATUS_ERROR'
      answer = refused(subCode, REFUSALS[subCode] ?? '业务处理失败')
    } else {
      const checked = checkRequest(params)
      const handler = methods[method]
      if ('error' in checked) answer = checked.error
      else if (!handler) answer = invalid('isv.invalid-method', '不存在的方法名')
      else {
        try {
          answer = handler(checked.biz, params, req)
        } catch (err) {
          if (!(err instanceof Refusal)) throw err
          answer = err.answer
        }
      }
    }
    let body = signedResponse(key, answer, keys.privateKey)
    if (fault === 'badsign')
      body = body.replace(/"sign":"[^"]+"/, `"sign":"${rsa2Sign('forged', keys.privateKey)}"`)
    return reply.type('application/json;charset=utf-8').send(body)
  }
  app.get('/gateway.do', gateway)
  app.post('/gateway.do', gateway)

  // ---- the cashier (PC and phone) and the QR code's landing page
  function openPageTrade(params: Params): SimTrade {
    const checked = checkRequest(params)
    if ('error' in checked) throw new Refusal(checked.error)
    return openTrade(params.method, params, checked.biz)
  }
  function cashier(reply: FastifyReply, params: Params) {
    const phone = PAGE_METHODS[params.method].phone
    let trade: SimTrade
    try {
      trade = openPageTrade(params)
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      return reply
        .code(400)
        .type('text/html')
        .send(messagePage('支付宝 - 错误', err.message, phone))
    }
    return reply.type('text/html').send(cashierView(trade, phone))
  }
  const cashierView = (t: SimTrade, phone: boolean) =>
    cashierPage({
      tradeNo: t.trade_no,
      outTradeNo: t.out_trade_no,
      subject: t.subject,
      amount: yuan(t.total),
      base: prefix,
      phone,
    })

  app.get<{ Params: { tradeNo: string } }>('/qr/:tradeNo', async (req, reply) => {
    const t = store.tradeByNo(req.params.tradeNo)
    const current = t && tradeOf(t.out_trade_no)
    if (!current)
      return reply
        .code(404)
        .type('text/html')
        .send(messagePage('支付宝', '二维码无效', true))
    if (current.status !== 'WAIT_BUYER_PAY')
      return reply
        .type('text/html')
        .send(messagePage('支付宝', current.status === 'TRADE_SUCCESS' ? '该订单已支付' : '交易已关闭', true))
    return reply.type('text/html').send(cashierView(current, true))
  })

  app.post('/cashier/pay', async (req, reply) => {
    const t = store.tradeByNo(formOf(req.body).trade_no ?? '')
    if (!t) return reply.code(404).type('text/html').send(messagePage('支付宝', '交易不存在'))
    const phone = t.method !== 'alipay.trade.page.pay'
    let paid: SimTrade
    try {
      paid = payTrade(t.out_trade_no)
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      return reply.type('text/html').send(messagePage('支付宝', err.message, phone))
    }
    if (!paid.return_url) return reply.type('text/html').send(messagePage('支付宝', '支付成功', phone))
    // the synchronous return: the browser comes back with signed parameters (informative only)
    const back: Params = {
      charset: 'utf-8',
      out_trade_no: paid.out_trade_no,
      method: `${paid.method}.return`,
      total_amount: yuan(paid.total),
      trade_no: paid.trade_no,
      auth_app_id: options.appId,
      version: '1.0',
      app_id: options.appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
      timestamp: chinaTime(now()),
    }
    back.sign = rsa2Sign(signContent(back, NOTIFY_LEAVE_OUT), keys.privateKey)
    const url = new URL(paid.return_url)
    for (const [k, v] of Object.entries(back)) url.searchParams.set(k, v)
    return reply.redirect(url.toString())
  })
  app.post('/cashier/fail', async (req, reply) => {
    // a failed attempt leaves the trade waiting, as Alipay does: the buyer may try again until it expires
    const t = store.tradeByNo(formOf(req.body).trade_no ?? '')
    return reply
      .type('text/html')
      .send(
        messagePage(
          '支付宝',
          '支付失败，请稍后重试',
          t?.method !== 'alipay.trade.page.pay',
          t?.return_url ?? undefined,
        ),
      )
  })
  return { openPageTrade }
}
