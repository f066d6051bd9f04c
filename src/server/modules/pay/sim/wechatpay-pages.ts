/** The pages a person pays on in the WeChat Pay simulator: the Native QR landing page, the H5 page. */
import type { FastifyInstance } from 'fastify'
import { escapeHtml, PAID, page, type Json, type WechatpaySim } from './wechatpay-common'
import { yuan } from './wechatpay-protocol'
import type { SimTrade } from './wechatpay-store'
import type { WechatpayTrades } from './wechatpay-trades'

export function wechatpayPages(app: FastifyInstance, sim: WechatpaySim, { pay }: WechatpayTrades) {
  const { store } = sim
  const payPage = (t: SimTrade, hidden: Record<string, string>) =>
    page(
      '微信支付',
      `<p>商户：${escapeHtml(t.mchid)}</p><p>商品：${escapeHtml(t.description)}</p>
<p class="amount">￥${yuan(t.total)}</p><p class="note">订单号 ${escapeHtml(t.out_trade_no)}</p>
<form method="post" action="confirm">${Object.entries(hidden)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join('')}
<button class="ok" name="action" value="pay">确认付款</button><button name="action" value="fail">支付失败</button></form>`,
    )
  const stateNote = (t: SimTrade) =>
    PAID.includes(t.trade_state) ? '该订单已支付。' : t.trade_state === 'CLOSED' ? '该订单已关闭。' : null

  /** the landing page of a Native code_url: what the phone opens after scanning (a PC opens it too) */
  app.get('/pay/native', async (req, reply) => {
    const t = store.tradeByCode(String((req.query as Json).pr ?? ''))
    reply.type('text/html; charset=utf-8')
    if (!t) return reply.code(404).send(page('微信支付', '<p>二维码已失效。</p>'))
    const note = stateNote(t)
    return note ? page('微信支付', `<p>${note}</p>`) : payPage(t, { code: t.pay_code })
  })
  /** the H5 page (h5_url, with the merchant's redirect_url appended) */
  app.get('/pay/h5', async (req, reply) => {
    const q = req.query as Json
    const t = store.tradeByCode(String(q.prepay_id ?? ''))
    reply.type('text/html; charset=utf-8')
    if (!t) return reply.code(404).send(page('微信支付', '<p>支付链接已失效。</p>'))
    const note = stateNote(t)
    const redirect = typeof q.redirect_url === 'string' ? q.redirect_url : ''
    return note
      ? page('微信支付', `<p>${note}</p>`)
      : payPage(t, { code: t.pay_code, redirect_url: redirect })
  })
  app.post('/pay/confirm', async (req, reply) => {
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '')
    const t = store.tradeByCode(form.get('code') ?? '')
    reply.type('text/html; charset=utf-8')
    if (!t) return reply.code(404).send(page('微信支付', '<p>订单不存在。</p>'))
    let refusal: string | null = null
    if (form.get('action') === 'pay') refusal = pay(t.out_trade_no)
    // a failed payment leaves the order payable again (PAYERROR), as WeChat does
    else store.setTradeState(t.out_trade_no, ['NOTPAY'], { trade_state: 'PAYERROR' })
    const redirect = form.get('redirect_url')
    // H5 goes back to the merchant whatever happened: the merchant queries the result
    if (redirect && /^https?:\/\//.test(redirect)) return reply.redirect(redirect, 303)
    if (refusal) return page('支付未完成', `<p>${escapeHtml(refusal)}</p>`)
    return form.get('action') === 'pay'
      ? page('支付成功', `<p>已向 ${escapeHtml(t.mchid)} 支付 ￥${yuan(t.total)}。</p>`)
      : page('支付失败', '<p>本次支付未成功，可重新扫码支付。</p>')
  })
}
