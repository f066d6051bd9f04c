/**
 * The batch template of a game and goods type, and the reading of a filled one back into listings.
 * Columns: 标题, 描述, 价格(元), 库存, 平台, 大区, 服务器, then the type's attributes by label
 * (multiple choices separated by 、 or ,). The same columns are read back whatever their order.
 */
import writeXlsxFile from 'write-excel-file/node'
import {
  GOODS_LIMITS,
  GOODS_TYPE_LABELS,
  type AttributeField,
  type GoodsType,
  type GoodsTypeConfig,
} from '../../../shared/api'
import type { GameRules } from '../game/service'
import type { ListingInput } from '../goods/validate'
import type { Cell, Rows } from './parse'

export const BASE_COLUMNS = ['标题', '描述', '价格(元)', '库存', '平台', '大区', '服务器'] as const

const PLATFORM_LABELS: Record<string, string> = { PC: '电脑端', iOS: '苹果', Android: '安卓' }

/** 价格（元） → 价格(元), no spaces, no required marks */
export const normalizeHeader = (h: Cell) =>
  String(h ?? '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/[\s*＊]/g, '')

export function templateColumns(type: GoodsTypeConfig): string[] {
  return [...BASE_COLUMNS, ...type.attributes.map((a) => a.label)]
}

function attributeHint(a: AttributeField): string {
  const need = a.required ? '必填' : '选填'
  switch (a.kind) {
    case 'select':
      return `${need}，从以下选一项：${(a.options ?? []).join('、')}`
    case 'multiselect':
      return `${need}，可填多项，用“、”或“,”分隔：${(a.options ?? []).join('、')}`
    case 'number':
      return `${need}，整数${a.min !== undefined ? `，${a.min}` : ''}${a.max !== undefined ? ` ~ ${a.max}` : ''}${a.unit ? `（${a.unit}）` : ''}`
    case 'boolean':
      return `${need}，填“是”或“否”`
    case 'text':
      return `${need}，不超过 50 个字`
  }
}

/** Rows of the 填写说明 sheet: column, rule. */
function instructions(rules: GameRules, type: GoodsTypeConfig): string[][] {
  const areas = rules.areas.map((a) => `${a.name}（${a.children.map((s) => s.name).join('、')}）`).join('；')
  const platforms = rules.game.platforms.map((p) => `${PLATFORM_LABELS[p] ?? p}`).join('、')
  return [
    ['列名', '填写说明'],
    ['标题', `必填，不超过 ${GOODS_LIMITS.titleMaxLength} 个字`],
    ['描述', `选填，不超过 ${GOODS_LIMITS.descriptionMaxLength} 个字`],
    ['价格(元)', '必填，0.01 ~ 99999999.99，最多两位小数'],
    [
      '库存',
      type.goodsType === 'ACCOUNT' ? '账号类只能为 1，可不填' : `选填，默认 1，最大 ${GOODS_LIMITS.stockMax}`,
    ],
    ['平台', platforms ? `选填：${platforms}` : '选填'],
    ['大区', areas ? `${type.requireServer ? '必填' : '选填'}：${areas}` : '无需填写'],
    ['服务器', type.requireServer ? '必填，须属于所填大区' : '选填，须属于所填大区'],
    ...type.attributes.map((a) => [a.label, attributeHint(a)]),
    ['', `单次最多导入 ${GOODS_LIMITS.batchMaxRows} 行；CSV 请保存为 UTF-8 或 GBK 编码`],
  ]
}

export async function xlsxTemplate(rules: GameRules, type: GoodsTypeConfig): Promise<Buffer> {
  const columns = templateColumns(type)
  return writeXlsxFile([
    {
      sheet: '商品',
      data: [columns.map((value) => ({ value, fontWeight: 'bold' as const }))],
      columns: columns.map((c) => ({
        width: c === '描述' ? 40 : c === '标题' ? 30 : Math.max(10, c.length * 2 + 2),
      })),
    },
    { sheet: '填写说明', data: instructions(rules, type), columns: [{ width: 14 }, { width: 90 }] },
  ]).toBuffer()
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** UTF-8 with BOM (so Excel opens the Chinese headers correctly), CRLF. */
export function csvTemplate(type: GoodsTypeConfig): Buffer {
  const line = templateColumns(type).map(csvCell).join(',')
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${line}\r\n`, 'utf8')])
}

export function templateFileName(gameName: string, goodsType: GoodsType, format: 'csv' | 'xlsx') {
  return `批量发布模板-${gameName}-${GOODS_TYPE_LABELS[goodsType]}.${format}`
}

// ------------------------------------------------------------------------------------------ reading

export interface RowReading {
  input: ListingInput | null
  errors: string[]
  title: string
  price: number | null
}

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c).trim())

/** 元 → fen; null with a problem when it is not a money amount. */
export function yuanToFen(c: Cell | undefined): { fen: number | null; problem?: string } {
  if (typeof c === 'number') {
    const fen = Math.round(c * 100)
    if (!Number.isFinite(c) || Math.abs(fen - c * 100) > 1e-6)
      return { fen: null, problem: '价格(元)最多两位小数' }
    return { fen }
  }
  const s = text(c)
    .replace(/[,，\s]/g, '')
    .replace(/^[¥￥]/, '')
  if (s === '') return { fen: null, problem: '请填写价格(元)' }
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s)
  if (!m) return { fen: null, problem: '价格(元)格式不正确' }
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'))
  return { fen: m[1] ? -fen : fen }
}

/**
 * Maps the header to columns and reads each data row into a listing input (names of platform, area
 * and server resolved); the listing rules themselves are checked afterwards by checkListing.
 */
export function readRows(
  rows: Rows,
  rules: GameRules,
  type: GoodsTypeConfig,
): { headerProblem: string | null; readings: RowReading[] } {
  const header = (rows[0] ?? []).map(normalizeHeader)
  const known = new Set(templateColumns(type))
  if (!header.includes('标题') || !header.includes('价格(元)'))
    return { headerProblem: '表头不正确，请使用下载的模板（需要“标题”和“价格(元)”列）', readings: [] }
  const unknown = header.filter((h) => h !== '' && !known.has(h))
  if (unknown.length > 0)
    return {
      headerProblem: `表头包含无法识别的列：${unknown.slice(0, 5).join('、')}，请使用该游戏和类型的模板`,
      readings: [],
    }
  const col = (name: string) => header.indexOf(name)
  const byLabel = new Map(type.attributes.map((a) => [a.label, a]))

  const readings = rows.slice(1).map((row): RowReading => {
    const errors: string[] = []
    const get = (name: string) => (col(name) >= 0 ? row[col(name)] : null)
    const title = text(get('标题'))
    const { fen, problem } = yuanToFen(get('价格(元)'))
    if (problem) errors.push(problem)

    const stockText = text(get('库存'))
    const stock = stockText === '' ? 1 : Number(stockText)

    const platformText = text(get('平台'))
    const platform = platformText
      ? (rules.game.platforms.find(
          (p) => p.toLowerCase() === platformText.toLowerCase() || PLATFORM_LABELS[p] === platformText,
        ) ?? null)
      : null
    if (platformText && !platform) errors.push(`平台「${platformText}」不正确`)

    const areaName = text(get('大区'))
    const area = areaName ? rules.areas.find((a) => a.name === areaName) : undefined
    if (areaName && !area) errors.push(`大区「${areaName}」不存在`)
    const serverName = text(get('服务器'))
    const server = serverName && area ? area.children.find((s) => s.name === serverName) : undefined
    if (serverName && area && !server) errors.push(`服务器「${serverName}」不属于大区「${areaName}」`)
    if (serverName && !areaName) errors.push('填写服务器时请同时填写大区')

    const attributes: Record<string, unknown> = {}
    header.forEach((h, i) => {
      const field = byLabel.get(h)
      const value = row[i]
      if (field && value !== null && value !== undefined && text(value) !== '') attributes[field.key] = value
    })

    return {
      title,
      price: fen,
      errors,
      input: {
        gameId: rules.game.gameId,
        goodsType: type.goodsType,
        platform,
        areaId: area?.serverId ?? null,
        serverId: server?.serverId ?? null,
        title,
        description: text(get('描述')),
        price: fen ?? 0,
        stock: Number.isFinite(stock) ? stock : NaN,
        attributes,
        imageIds: [],
      },
    }
  })
  return { headerProblem: null, readings }
}
