/**
 * The simulator's trade bill (交易账单, bill_type ALL) of one China day in WeChat Pay's text format:
 * UTF-8 with a BOM, CRLF lines, a header line, one line per payment (交易状态 SUCCESS) and per
 * successful refund (REFUND), then a summary caption and a summary line. Every data field starts
 * with a backquote so spreadsheet programs keep long numbers as text. Mismatches planted through the
 * test hook change, add or drop lines (docs/payments.md, "WeChat Pay").
 */
import { billTime, chinaDay, nonce, yuan } from './wechatpay-protocol'
import type { BillPlant, SimStore } from './wechatpay-store'

export const BILL_HEADER = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
]
const SUMMARY_HEADER = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
]

/** 0.6 % of an amount in fen, in yuan with five decimals as the bill writes fees */
const fee = (fen: number) => ((fen * 0.006) / 100).toFixed(5)

interface Line {
  refund: boolean
  no: string
  at: number
  fields: string[]
  amount: number
}

function paymentLine(t: {
  at: number
  appid: string
  mchid: string
  transactionId: string
  outTradeNo: string
  openid: string
  tradeType: string
  description: string
  amount: number
}): Line {
  const fields = [
    billTime(t.at),
    t.appid,
    t.mchid,
    '0',
    '',
    t.transactionId,
    t.outTradeNo,
    t.openid,
    t.tradeType,
    'SUCCESS',
    'OTHERS',
    'CNY',
    yuan(t.amount),
    '0.00',
    '0',
    '0',
    '0.00',
    '0.00',
    '',
    '',
    t.description,
    '',
    fee(t.amount),
    '0.60%',
    yuan(t.amount),
    '0.00',
    '',
  ]
  return { refund: false, no: t.outTradeNo, at: t.at, fields, amount: t.amount }
}

function refundLine(r: {
  at: number
  appid: string
  mchid: string
  transactionId: string
  outTradeNo: string
  openid: string
  tradeType: string
  description: string
  refundId: string
  outRefundNo: string
  amount: number
}): Line {
  const fields = [
    billTime(r.at),
    r.appid,
    r.mchid,
    '0',
    '',
    r.transactionId,
    r.outTradeNo,
    r.openid,
    r.tradeType,
    'REFUND',
    'OTHERS',
    'CNY',
    '0.00',
    '0.00',
    r.refundId,
    r.outRefundNo,
    yuan(r.amount),
    '0.00',
    'ORIGINAL',
    'SUCCESS',
    r.description,
    '',
    `-${fee(r.amount)}`,
    '0.60%',
    '0.00',
    yuan(r.amount),
    '',
  ]
  return { refund: true, no: r.outRefundNo, at: r.at, fields, amount: r.amount }
}

const AMOUNT_COLUMNS = { payment: [12, 24], refund: [16, 25] }

function applyPlants(
  lines: Line[],
  plants: BillPlant[],
  day: string,
  ids: { appid: string; mchid: string },
): Line[] {
  let out = lines
  for (const p of plants) {
    const refund = Boolean(p.refund)
    const same = (l: Line) => l.refund === refund && l.no === p.no
    if (p.kind === 'MISSING') out = out.filter((l) => !same(l))
    else if (p.kind === 'AMOUNT') {
      out = out.map((l) => {
        if (!same(l)) return l
        const fields = [...l.fields]
        for (const c of AMOUNT_COLUMNS[refund ? 'refund' : 'payment']) fields[c] = yuan(p.amount)
        return { ...l, fields, amount: p.amount }
      })
    } else {
      const base = {
        at: chinaDay(day)[0] + 12 * 3_600_000,
        ...ids,
        transactionId: `4200${Date.now()}${nonce(6).replace(/\D/g, '0')}`,
        openid: 'oSimPlanted',
        tradeType: 'NATIVE',
        description: '对账差错',
        amount: p.amount,
      }
      out = [
        ...out,
        refund
          ? refundLine({ ...base, outTradeNo: `X${p.no}`, refundId: `5030${Date.now()}`, outRefundNo: p.no })
          : paymentLine({ ...base, outTradeNo: p.no }),
      ]
    }
  }
  return out
}

/** The day's bill text, or null when the day has no line (WeChat answers NO_STATEMENT_EXIST then). */
export function tradeBill(
  store: SimStore,
  day: string,
  ids: { appid: string; mchid: string },
): string | null {
  const [from, to] = chinaDay(day)
  const payments = store.tradesPaidBetween(from, to).map((t) =>
    paymentLine({
      at: t.success_time!,
      appid: t.appid,
      mchid: t.mchid,
      transactionId: t.transaction_id!,
      outTradeNo: t.out_trade_no,
      openid: t.payer_openid ?? '',
      tradeType: t.trade_type,
      description: t.description,
      amount: t.total,
    }),
  )
  const refunds = store.refundsDoneBetween(from, to).map((r) => {
    const t = store.trade(r.out_trade_no)!
    return refundLine({
      at: r.success_time!,
      appid: t.appid,
      mchid: t.mchid,
      transactionId: t.transaction_id!,
      outTradeNo: t.out_trade_no,
      openid: t.payer_openid ?? '',
      tradeType: t.trade_type,
      description: t.description,
      refundId: r.refund_id,
      outRefundNo: r.out_refund_no,
      amount: r.refund,
    })
  })
  const lines = applyPlants(
    [...payments, ...refunds].sort((a, b) => a.at - b.at),
    store.plants(day),
    day,
    ids,
  )
  if (lines.length === 0) return null
  const paid = lines.filter((l) => !l.refund).reduce((s, l) => s + l.amount, 0)
  const refunded = lines.filter((l) => l.refund).reduce((s, l) => s + l.amount, 0)
  const text = [
    BILL_HEADER.join(','),
    ...lines.map((l) => l.fields.map((f) => `\`${f}`).join(',')),
    SUMMARY_HEADER.join(','),
    [
      String(lines.length),
      yuan(paid),
      yuan(refunded),
      '0.00',
      fee(paid - refunded),
      yuan(paid),
      yuan(refunded),
    ]
      .map((f) => `\`${f}`)
      .join(','),
  ]
  return `\uFEFF${text.join('\r\n')}\r\n`
}
