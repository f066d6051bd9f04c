/**
 * Reading Alipay's daily bill archives (the adapter's side, pay/alipay.ts): a zip of GBK CSV files,
 * the detail file (…_业务明细.csv for `trade`, …_账务明细.csv for `signcustomer`) beside its summary
 * (…(汇总).csv). Lines starting with `#` are comments; fields are padded with tabs.
 */
import { inflateRawSync } from 'node:zlib'
import iconv from 'iconv-lite'
import type { BillLine } from './provider'

/** The files of a zip archive (stored or deflated), names decoded as UTF-8 when flagged, else GBK. */
export function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  let end = -1
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) throw new Error('not a zip archive')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files: { name: string; data: Buffer }[] = []
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken zip directory')
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength)
    const name = flags & 0x800 ? nameBytes.toString('utf8') : iconv.decode(nameBytes, 'gbk')
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const packed = zip.subarray(start, start + size)
    if (method !== 0 && method !== 8) throw new Error(`zip method ${method} not supported`)
    files.push({ name, data: method === 8 ? inflateRawSync(packed) : Buffer.from(packed) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return files
}

/** A bill CSV's data rows as records keyed by the header's names (comment lines skipped, fields trimmed). */
export function billRows(csv: string): Record<string, string>[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'))
  if (lines.length === 0) return []
  const split = (l: string) => l.split(',').map((f) => f.trim())
  const header = split(lines[0])
  return lines.slice(1).map((l) => {
    const fields = split(l)
    return Object.fromEntries(header.map((h, i) => [h, fields[i] ?? '']))
  })
}

/** The detail file of a bill archive, decoded from GBK. */
export function billDetail(zip: Buffer): string {
  const detail = unzip(zip).find((f) => f.name.endsWith('.csv') && !f.name.includes('汇总'))
  if (!detail) throw new Error('no detail file in the bill archive')
  return iconv.decode(detail.data, 'gbk')
}

/** '12.30' or '-12.30' or '+12.30' → fen (absolute) */
export function billFen(value: string): number {
  const m = /^[+-]?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim())
  if (!m) throw new Error(`bad amount in the bill: ${value.slice(0, 20)}`)
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

/** China time 'yyyy-MM-dd HH:mm:ss' → epoch ms */
export const chinaMs = (value: string) => Date.parse(`${value.trim().replace(' ', 'T')}+08:00`)

/** The payments and refunds of a `trade` bill. */
export function tradeBillLines(zip: Buffer): BillLine[] {
  return billRows(billDetail(zip)).flatMap<BillLine>((r) => {
    const kind = r['业务类型']
    if (kind !== '交易' && kind !== '退款') return []
    return [
      {
        kind: kind === '交易' ? 'PAYMENT' : 'REFUND',
        ourNo: kind === '交易' ? r['商户订单号'] : r['退款批次号/请求号'] || r['商户订单号'],
        providerNo: r['支付宝交易号'],
        amount: billFen(r['商家实收（元）']),
        at: chinaMs(r['完成时间']),
      },
    ]
  })
}

/** The transfers to a person (转账) of a `signcustomer` bill. */
export function transferBillLines(zip: Buffer): BillLine[] {
  return billRows(billDetail(zip)).flatMap<BillLine>((r) =>
    r['业务类型'] === '转账'
      ? [
          {
            kind: 'PAYOUT',
            ourNo: r['商户订单号'],
            providerNo: r['业务流水号'],
            amount: billFen(r['支出金额（-元）']),
            at: chinaMs(r['发生时间']),
          },
        ]
      : [],
  )
}
