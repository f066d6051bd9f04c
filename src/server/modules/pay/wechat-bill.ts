/** WeChat Pay's trade bill (docs/payments.md, "Reconciliation"), read for the reconciliation job. */
import { Formatter } from 'wechatpay-axios-plugin'
import { ProviderUnavailable, type BillLine } from './provider'

/** '12.34' (the bill's yuan) → 1234 fen, without floating point */
function fen(yuan: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim())
  if (!m) throw new ProviderUnavailable(`WeChat Pay bill: not an amount: ${yuan.slice(0, 20)}`)
  const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'))
  return m[1] ? -value : value
}

/**
 * The trade bill (bill_type ALL) parsed with the library's own CSV reader: a payment line per paid
 * trade (交易状态 SUCCESS, 订单金额), a refund line per successful refund (REFUND, 申请退款金额).
 */
export function parseTradeBill(bytes: Buffer): BillLine[] {
  const bom = Buffer.from([0xef, 0xbb, 0xbf])
  // castCsvBill skips the BOM WeChat puts first; give it one when it is absent
  const withBom = bytes.subarray(0, 3).equals(bom) ? bytes : Buffer.concat([bom, bytes])
  const { rows } = Formatter.castCsvBill(withBom) as { rows: Record<string, string>[] }
  const lines: BillLine[] = []
  for (const row of rows) {
    const at = Date.parse(`${(row['交易时间'] ?? '').replace(' ', 'T')}+08:00`)
    if (Number.isNaN(at)) throw new ProviderUnavailable('WeChat Pay bill: a line without its time')
    if (row['交易状态'] === 'SUCCESS')
      lines.push({
        kind: 'PAYMENT',
        ourNo: row['商户订单号'],
        providerNo: row['微信订单号'],
        amount: fen(row['订单金额']),
        at,
      })
    else if (row['交易状态'] === 'REFUND' && row['退款状态'] === 'SUCCESS')
      lines.push({
        kind: 'REFUND',
        ourNo: row['商户退款单号'],
        providerNo: row['微信退款单号'],
        amount: fen(row['申请退款金额']),
        at,
      })
  }
  return lines
}
