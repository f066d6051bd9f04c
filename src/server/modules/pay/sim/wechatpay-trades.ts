/** The WeChat Pay simulator's trades: Native and H5 orders, query, close, and paying one. */
import type { FastifyInstance } from 'fastify'
import {
  ApiError,
  digits,
  PAID,
  STATE_DESC,
  UNPAID,
  type Json,
  type WechatpaySim,
  type apiRoutes,
} from './wechatpay-common'
import type { WechatpayNotifier } from './wechatpay-notify'
import { parseTime, rfc3339 } from './wechatpay-protocol'
import type { SimTrade } from './wechatpay-store'

export function wechatpayTrades(
  app: FastifyInstance,
  sim: WechatpaySim,
  { api }: ReturnType<typeof apiRoutes>,
  { queueNotification }: WechatpayNotifier,
) {
  const { options, now, store, baseOf } = sim
  const tradeView = (t: SimTrade): Json => ({
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.out_trade_no,
    ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
    trade_type: t.trade_type,
    trade_state: t.trade_state,
    trade_state_desc: STATE_DESC[t.trade_state] ?? t.trade_state,
    ...(t.success_time
      ? {
          bank_type: 'OTHERS',
          success_time: rfc3339(t.success_time),
          payer: { openid: t.payer_openid },
        }
      : {}),
    attach: '',
    amount: {
      total: t.total,
      ...(t.success_time ? { payer_total: t.total } : {}),
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  })

  /** Pays an unpaid trade (the page's 确认付款 or the test hook); the refusal's words otherwise. */
  const pay = (no: string): string | null => {
    const t = store.trade(no)
    if (!t) return '订单不存在'
    if (PAID.includes(t.trade_state)) return '订单已支付'
    if (t.trade_state === 'CLOSED') return '订单已关闭'
    if (t.time_expire !== null && now() > t.time_expire) return '订单已过期'
    const at = now()
    const paid = store.setTradeState(no, UNPAID, {
      trade_state: 'SUCCESS',
      transaction_id: `42000${digits(23)}`,
      payer_openid: `oSim${digits(24)}`,
      success_time: at,
    })
    if (!paid) return '订单状态已变化'
    const fresh = store.trade(no)!
    queueNotification(
      'TRANSACTION',
      'TRANSACTION.SUCCESS',
      '支付成功',
      no,
      fresh.notify_url,
      tradeView(fresh),
    )
    return null
  }

  const createTrade = (body: Json, tradeType: 'NATIVE' | 'MWEB') => {
    if (body.appid !== options.appId || body.mchid !== options.mchId)
      throw new ApiError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配')
    const no = body.out_trade_no
    const amount = body.amount as Json | undefined
    const total = amount?.total
    const description = body.description
    if (typeof no !== 'string' || !/^[A-Za-z0-9_\-|*]{6,32}$/.test(no))
      throw new ApiError(
        400,
        'PARAM_ERROR',
        '输入源“/body/out_trade_no”映射到字段“商户订单号”长度或格式不正确',
      )
    if (!Number.isInteger(total) || (total as number) <= 0)
      throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到字段“总金额”必须大于0')
    if (typeof description !== 'string' || !description || Buffer.byteLength(description) > 127)
      throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/description”映射到字段“商品描述”长度不正确')
    if (typeof body.notify_url !== 'string' || !/^https?:\/\//.test(body.notify_url))
      throw new ApiError(400, 'PARAM_ERROR', '输入源“/body/notify_url”映射到字段“通知地址”格式不正确')
    if (tradeType === 'MWEB') {
      const scene = body.scene_info as Json | undefined
      if (typeof scene?.payer_client_ip !== 'string' || !(scene.h5_info as Json | undefined)?.type)
        throw new ApiError(
          400,
          'PARAM_ERROR',
          '输入源“/body/scene_info”映射到字段“场景信息”缺少payer_client_ip或h5_info',
        )
    }
    const found = store.trade(no)
    if (found) {
      if (PAID.includes(found.trade_state)) throw new ApiError(400, 'ORDERPAID', '该订单已支付')
      if (found.trade_state === 'CLOSED') throw new ApiError(400, 'ORDER_CLOSED', '该订单已关闭')
      if (found.total !== total || found.description !== description || found.trade_type !== tradeType)
        throw new ApiError(400, 'INVALID_REQUEST', '201 商户订单号重复')
      return found
    }
    store.insertTrade({
      out_trade_no: no,
      appid: options.appId,
      mchid: options.mchId,
      description,
      notify_url: body.notify_url,
      total: total as number,
      trade_type: tradeType,
      pay_code: `wx${digits(30)}`,
      created_at: now(),
      time_expire: parseTime(body.time_expire),
    })
    return store.trade(no)!
  }

  app.post(
    '/v3/pay/transactions/native',
    api((req, body) => {
      const t = createTrade(body, 'NATIVE')
      return { data: { code_url: `${baseOf(req)}/pay/native?pr=${t.pay_code}` } }
    }),
  )
  app.post(
    '/v3/pay/transactions/h5',
    api((req, body) => {
      const t = createTrade(body, 'MWEB')
      return { data: { h5_url: `${baseOf(req)}/pay/h5?prepay_id=${t.pay_code}&package=${digits(10)}` } }
    }),
  )
  app.get<{ Params: { no: string } }>(
    '/v3/pay/transactions/out-trade-no/:no',
    api((req) => {
      const q = req.query as Json
      if (q.mchid !== options.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid有误')
      const t = store.trade((req.params as { no: string }).no)
      if (!t) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在')
      return { data: tradeView(t) }
    }),
  )
  app.post(
    '/v3/pay/transactions/out-trade-no/:no/close',
    api((req, body) => {
      if (body.mchid !== options.mchId) throw new ApiError(400, 'PARAM_ERROR', 'mchid有误')
      const no = (req.params as { no: string }).no
      const t = store.trade(no)
      if (!t) throw new ApiError(404, 'ORDER_NOT_EXIST', '订单不存在')
      if (PAID.includes(t.trade_state)) throw new ApiError(400, 'ORDERPAID', '该订单已支付')
      if (t.trade_state !== 'CLOSED' && !store.setTradeState(no, UNPAID, { trade_state: 'CLOSED' }))
        throw new ApiError(400, 'ORDERPAID', '该订单已支付')
      return { status: 204, data: null }
    }),
  )
  return { tradeView, pay }
}

export type WechatpayTrades = ReturnType<typeof wechatpayTrades>
