/**
 * The rules a game's configs must keep beyond their shape (the TypeBox schemas of
 * shared/api/game-admin.ts check types and lengths): what the publish form, the list filters and the
 * delivery form rely on. A config that breaks one is refused with a Chinese sentence naming the goods
 * type and the field, so a bad config never reaches the publish page. Answers the cleaned config
 * (labels trimmed, settings that mean nothing for a kind dropped).
 */
import {
  GOODS_TYPE_LABELS,
  type AttributeField,
  type GoodsTypeConfig,
  type TransferField,
} from '../../../shared/api'
import { TRANSFER_MAX_LENGTH } from '../../../shared/rules/transfer'

export class ConfigError extends Error {}

const fail = (msg: string): never => {
  throw new ConfigError(msg)
}

const duplicate = <T>(items: T[], keyOf: (item: T) => string): string | undefined => {
  const seen = new Set<string>()
  for (const item of items) {
    const key = keyOf(item)
    if (seen.has(key)) return key
    seen.add(key)
  }
  return undefined
}

function cleanAttribute(type: string, a: AttributeField): AttributeField {
  const label = a.label.trim()
  if (!label) fail(`「${type}」的属性「${a.key}」名称不能为空`)
  const name = `「${type}」的属性「${label}」`
  const out: AttributeField = {
    key: a.key,
    label,
    kind: a.kind,
    required: a.required,
    filterable: a.filterable,
  }
  if (a.kind === 'select' || a.kind === 'multiselect') {
    const options = (a.options ?? []).map((o) => o.trim())
    if (options.length === 0) fail(`${name}是选择类型，可选项不能为空`)
    if (options.some((o) => !o)) fail(`${name}的可选项不能是空白`)
    const dup = duplicate(options, (o) => o)
    if (dup !== undefined) fail(`${name}的可选项「${dup}」重复`)
    out.options = options
  } else if (a.options && a.options.length > 0) {
    fail(`${name}不是选择类型，不能设置可选项`)
  }
  if (a.kind === 'number') {
    if (a.min !== undefined && a.max !== undefined && a.min > a.max) fail(`${name}的最小值不能大于最大值`)
    if (a.min !== undefined) out.min = a.min
    if (a.max !== undefined) out.max = a.max
  } else if (a.min !== undefined || a.max !== undefined) {
    fail(`${name}不是数字类型，不能设置最小值或最大值`)
  }
  // the list filters offer choices and yes/no only (goods/validate.ts filterValue)
  if (a.filterable && (a.kind === 'number' || a.kind === 'text'))
    fail(`${name}是${a.kind === 'number' ? '数字' : '文本'}类型，不能作为筛选条件`)
  const unit = a.unit?.trim()
  if (unit) out.unit = unit
  return out
}

/** getGameConfig's goods types, checked and cleaned. */
export function checkGoodsTypes(types: GoodsTypeConfig[]): GoodsTypeConfig[] {
  const dupType = duplicate(types, (t) => t.goodsType)
  if (dupType !== undefined)
    fail(`商品类型「${GOODS_TYPE_LABELS[dupType as GoodsTypeConfig['goodsType']]}」重复`)
  return types.map((t) => {
    const label = t.label.trim()
    if (!label) fail(`商品类型「${GOODS_TYPE_LABELS[t.goodsType]}」的类型名称不能为空`)
    const dupKey = duplicate(t.attributes, (a) => a.key)
    if (dupKey !== undefined) fail(`「${label}」的属性标识「${dupKey}」重复`)
    return {
      goodsType: t.goodsType,
      label,
      requireServer: t.requireServer,
      attributes: t.attributes.map((a) => cleanAttribute(label, a)),
    }
  })
}

/** getGameTransferCollectConfig's fields, checked and cleaned. */
export function checkTransferFields(fields: TransferField[]): TransferField[] {
  const dup = duplicate(fields, (f) => f.key)
  if (dup !== undefined) fail(`交接字段标识「${dup}」重复`)
  return fields.map((f) => {
    const label = f.label.trim()
    if (!label) fail(`交接字段「${f.key}」的字段名称不能为空`)
    const limit = TRANSFER_MAX_LENGTH[f.kind]
    if (f.maxLength !== undefined && f.maxLength > limit)
      fail(`交接字段「${label}」的最大长度不能超过 ${limit}`)
    const out: TransferField = { key: f.key, label, kind: f.kind, required: f.required, secret: f.secret }
    if (f.maxLength !== undefined) out.maxLength = f.maxLength
    const placeholder = f.placeholder?.trim()
    if (placeholder) out.placeholder = placeholder
    return out
  })
}
