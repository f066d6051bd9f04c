/**
 * The Alipay simulator's daily bills, in Alipay's format: a zip (`<pid><yyyyMMdd>.csv.zip`, file names
 * in GBK like Alipay's) of GBK CSV files whose lines are preceded and followed by `#` comment lines
 * and whose fields end with a tab (so spreadsheets keep long numbers as text):
 * - `trade` (业务明细): one line per payment (交易) and refund (退款) completed that China day;
 * - `signcustomer` (账务明细): the account's money moves, among them transfers to a person (转账).
 * Each comes with its summary file (…(汇总).csv).
 */
import { deflateRawSync } from 'node:zlib'
import iconv from 'iconv-lite'
import type { BillTweak, SimRefund, SimTrade, SimTransfer } from './alipay-store'

export type BillType = 'trade' | 'signcustomer'

const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/** 'yyyy-MM-dd HH:mm:ss' in China time */
export const chinaTime = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')

/** [start, end) epoch ms of a China day 'yyyy-MM-dd' */
export function chinaDayRange(day: string): [number, number] {
  const start = Date.parse(`${day}T00:00:00+08:00`)
  return [start, start + 86_400_000]
}

const TRADE_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注'
const ACCOUNT_HEADER =
  '账务流水号,业务流水号,商户订单号,商品名称,发生时间,对方账号,收入金额（+元）,支出金额（-元）,账户余额（元）,交易渠道,业务类型,备注'

interface Line {
  kind: 'PAYMENT' | 'REFUND' | 'PAYOUT'
  ourNo: string
  providerNo: string
  /** the trade of a refund */
  outTradeNo: string
  subject: string
  createdAt: number
  at: number
  /** fen, positive */
  amount: number
  /** the trade's amount (refund lines show it as 订单金额) */
  orderAmount: number
  counterpart: string
}

export interface BillInput {
  pid: string
  day: string
  trades: SimTrade[]
  refunds: (SimRefund & { trade_no: string; total: number; subject: string })[]
  transfers: SimTransfer[]
  tweaks: BillTweak[]
  now: number
}

function linesOf(input: BillInput): Line[] {
  const lines: Line[] = [
    ...input.trades.map<Line>((t) => ({
      kind: 'PAYMENT',
      ourNo: t.out_trade_no,
      providerNo: t.trade_no,
      outTradeNo: t.out_trade_no,
      subject: t.subject,
      createdAt: t.created_at,
      at: t.paid_at!,
      amount: t.total,
      orderAmount: t.total,
      counterpart: '138****8000',
    })),
    ...input.refunds.map<Line>((r) => ({
      kind: 'REFUND',
      ourNo: r.out_request_no,
      providerNo: r.trade_no,
      outTradeNo: r.out_trade_no,
      subject: r.subject,
      createdAt: r.at,
      at: r.at,
      amount: r.amount,
      orderAmount: r.total,
      counterpart: '138****8000',
    })),
    ...input.transfers.map<Line>((t) => ({
      kind: 'PAYOUT',
      ourNo: t.out_biz_no,
      providerNo: t.order_id,
      outTradeNo: t.out_biz_no,
      subject: t.title,
      createdAt: t.at,
      at: t.at,
      amount: t.amount,
      orderAmount: t.amount,
      counterpart: t.identity,
    })),
  ]
  for (const tweak of input.tweaks) {
    const i = lines.findIndex((l) => l.ourNo === tweak.our_no)
    if (tweak.kind === 'drop' && i >= 0) lines.splice(i, 1)
    else if (tweak.kind === 'amount' && i >= 0) lines[i] = { ...lines[i], amount: tweak.amount ?? 0 }
    else if (tweak.kind === 'extra') {
      const at = chinaDayRange(input.day)[0] + 12 * 3600_000
      const kind = tweak.line_kind ?? 'PAYMENT'
      lines.push({
        kind,
        ourNo: tweak.our_no,
        providerNo: `${input.day.replaceAll('-', '')}${kind === 'PAYOUT' ? '11000' : '22001'}999999999999999`,
        // a refund names a trade of ours; an unknown one here, as the line itself is
        outTradeNo: kind === 'REFUND' ? `P${tweak.our_no.slice(1)}` : tweak.our_no,
        subject: kind === 'PAYOUT' ? '未知转账' : '未知交易',
        createdAt: at,
        at,
        amount: tweak.amount ?? 0,
        orderAmount: tweak.amount ?? 0,
        counterpart: '139****9000',
      })
    }
  }
  return lines
}

const row = (fields: (string | number)[]) => fields.map((f) => `${f}\t`).join(',')

function frame(title: string, input: BillInput, header: string, rows: string[], footer: string[]): string {
  const [start, end] = chinaDayRange(input.day)
  const cn = (ms: number) => chinaTime(ms).replace(/^(\d+)-(\d+)-(\d+)/, '$1年$2月$3日')
  return [
    `#支付宝${title}查询`,
    `#账号：[${input.pid}0156]`,
    `#起始日期：[${cn(start)}]   终止日期：[${cn(end)}]`,
    `#-----------------------------------------${title}列表----------------------------------------`,
    header,
    ...rows,
    `#-----------------------------------------${title}列表结束------------------------------------`,
    ...footer,
    `#导出时间：[${cn(input.now)}]`,
    '',
  ].join('\r\n')
}

function tradeFiles(input: BillInput, lines: Line[]): [string, string][] {
  const trade = lines.filter((l) => l.kind !== 'PAYOUT')
  const rows = trade.map((l) =>
    row([
      l.providerNo,
      l.outTradeNo,
      l.kind === 'PAYMENT' ? '交易' : '退款',
      l.subject,
      chinaTime(l.createdAt),
      chinaTime(l.at),
      '',
      '',
      '',
      '',
      l.counterpart,
      yuan(l.orderAmount),
      yuan(l.kind === 'PAYMENT' ? l.amount : -l.amount),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      l.kind === 'REFUND' ? l.ourNo : '',
      yuan(0),
      '0.00',
      '',
    ]),
  )
  const pays = trade.filter((l) => l.kind === 'PAYMENT')
  const refunds = trade.filter((l) => l.kind === 'REFUND')
  const net = pays.reduce((s, l) => s + l.amount, 0) - refunds.reduce((s, l) => s + l.amount, 0)
  const detail = frame('业务明细', input, TRADE_HEADER, rows, [
    `#交易合计：${pays.length}笔，商家实收：${yuan(pays.reduce((s, l) => s + l.amount, 0))}元`,
    `#退款合计：${refunds.length}笔，商家实收：${yuan(-refunds.reduce((s, l) => s + l.amount, 0))}元`,
  ])
  const summary = frame(
    '业务汇总',
    input,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,服务费（元）,实收净额（元）',
    [row(['合计', '', pays.length, refunds.length, yuan(net), yuan(net), '0.00', yuan(net)])],
    [],
  )
  return [
    ['业务明细', detail],
    ['业务明细(汇总)', summary],
  ]
}

function accountFiles(input: BillInput, lines: Line[]): [string, string][] {
  let balance = 1_000_000_00
  const rows = lines
    .slice()
    .sort((a, b) => a.at - b.at)
    .map((l, i) => {
      const income = l.kind === 'PAYMENT' ? l.amount : 0
      const out = l.kind === 'PAYMENT' ? 0 : l.amount
      balance += income - out
      return row([
        `${input.day.replaceAll('-', '')}0${String(i + 1).padStart(11, '0')}`,
        l.providerNo,
        l.kind === 'REFUND' ? l.ourNo : l.outTradeNo,
        l.subject,
        chinaTime(l.at),
        l.counterpart,
        income ? `+${yuan(income)}` : '0.00',
        out ? yuan(-out) : '0.00',
        yuan(balance),
        '支付宝',
        l.kind === 'PAYMENT' ? '在线支付' : l.kind === 'REFUND' ? '交易退款' : '转账',
        '',
      ])
    })
  const detail = frame('账务明细', input, ACCOUNT_HEADER, rows, [`#账务明细合计：${rows.length}笔`])
  const summary = frame(
    '账务汇总',
    input,
    '期初余额（元）,期末余额（元）,笔数',
    [row(['', yuan(balance), rows.length])],
    [],
  )
  return [
    ['账务明细', detail],
    ['账务明细(汇总)', summary],
  ]
}

/** Whether the day has anything to bill (Alipay answers "账单不存在" otherwise). */
export function billHasLines(input: BillInput, type: BillType): boolean {
  const lines = linesOf(input)
  return type === 'trade' ? lines.some((l) => l.kind !== 'PAYOUT') : lines.length > 0
}

/** The bill zip of one day. */
export function billZip(input: BillInput, type: BillType): { fileName: string; zip: Buffer } {
  const lines = linesOf(input)
  const stamp = input.day.replaceAll('-', '')
  const files = (type === 'trade' ? tradeFiles : accountFiles)(input, lines)
  return {
    fileName: `${input.pid}0156${stamp}.csv.zip`,
    zip: zip(
      files.map(([name, text]) => [`${input.pid}0156_${stamp}_${name}.csv`, iconv.encode(text, 'gbk')]),
    ),
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Buffer): number {
  let c = 0xffffffff
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A zip of deflated files with GBK names (no UTF-8 flag), as Alipay's bill archives are. */
function zip(files: [string, Buffer][]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, data] of files) {
    const nameBytes = iconv.encode(name, 'gbk')
    const packed = deflateRawSync(data)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, packed)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + packed.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}
