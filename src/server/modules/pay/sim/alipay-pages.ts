/** The Alipay simulator's pages: the PC cashier, the phone page (WAP and the QR code's landing page), results. */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(title: string, body: string, phone: boolean): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;background:#f5f5f5;margin:0}main{background:#fff;margin:${phone ? '0' : '40px auto'};
max-width:${phone ? '100%' : '560px'};padding:24px;box-sizing:border-box}h1{color:#1677ff;font-size:20px}
.amount{font-size:32px;margin:16px 0}button{font-size:16px;padding:10px 24px;margin:8px 8px 0 0;border:0;border-radius:4px}
.pay{background:#1677ff;color:#fff}.fail{background:#eee}.note{color:#999;font-size:12px}${phone ? 'button{width:100%}' : ''}</style>
</head><body><main><h1>支付宝（模拟收银台）</h1>${body}</main></body></html>`
}

export interface CashierView {
  tradeNo: string
  outTradeNo: string
  subject: string
  amount: string
  /** the action path prefix (the simulator's prefix) */
  base: string
  phone: boolean
}

export function cashierPage(v: CashierView): string {
  const form = (action: string, label: string, cls: string) =>
    `<form method="post" action="${esc(v.base)}/cashier/${action}" style="display:${v.phone ? 'block' : 'inline'}">
<input type="hidden" name="trade_no" value="${esc(v.tradeNo)}"><button class="${cls}" type="submit">${label}</button></form>`
  return page(
    '支付宝收银台',
    `<p>商品：${esc(v.subject)}</p><p class="note">商户订单号：${esc(v.outTradeNo)}</p>
<div class="amount">￥${esc(v.amount)}</div>${form('pay', '确认付款', 'pay')}${form('fail', '支付失败', 'fail')}
<p class="note">这是支付宝的模拟器，不会产生真实扣款。</p>`,
    v.phone,
  )
}

export function messagePage(title: string, message: string, phone = false, link?: string): string {
  return page(
    title,
    `<p>${esc(message)}</p>${link ? `<p><a href="${esc(link)}">返回商户</a></p>` : ''}`,
    phone,
  )
}
