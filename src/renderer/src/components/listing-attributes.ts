/** Attribute values of a listing as people read them, with their labels from the game's config. */
import type { AttributeField, GameConfig, GoodsTypeConfig } from '@shared/api/game'
import type { Attributes, AttributeValue, GoodsType } from '@shared/api/goods'

export function typeConfigOf(
  config: GameConfig | null | undefined,
  goodsType: GoodsType | null | undefined,
): GoodsTypeConfig | undefined {
  if (!config || !goodsType) return undefined
  return config.goodsTypes.find((t) => t.goodsType === goodsType)
}

export function attributeFieldsOf(
  config: GameConfig | null | undefined,
  goodsType: GoodsType | null | undefined,
): AttributeField[] {
  return typeConfigOf(config, goodsType)?.attributes ?? []
}

/** '是' / '否', 'a、b', '120 级', or the text itself; '' for an empty value. */
export function formatAttributeValue(
  field: AttributeField | undefined,
  value: AttributeValue | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (Array.isArray(value)) return value.filter((v) => v !== '').join('、')
  if (field?.kind === 'boolean') return value === 'true' ? '是' : value === 'false' ? '否' : String(value)
  if (typeof value === 'number' || field?.kind === 'number') {
    return field?.unit ? `${value} ${field.unit}` : String(value)
  }
  return String(value)
}

export interface AttributeEntry {
  key: string
  label: string
  text: string
}

/**
 * The listing's attributes in the config's order (labels from the config), then any the config does
 * not know (their key as the label). Empty values are left out.
 */
export function attributeEntries(
  attributes: Attributes | null | undefined,
  fields: readonly AttributeField[] = [],
): AttributeEntry[] {
  const values = attributes ?? {}
  const out: AttributeEntry[] = []
  const seen = new Set<string>()
  for (const field of fields) {
    seen.add(field.key)
    const text = formatAttributeValue(field, values[field.key])
    if (text) out.push({ key: field.key, label: field.label, text })
  }
  for (const [key, value] of Object.entries(values)) {
    if (seen.has(key)) continue
    const text = formatAttributeValue(undefined, value)
    if (text) out.push({ key, label: key, text })
  }
  return out
}

/**
 * Short chips for a card: with the config, 'label: value' for the first few; without it, only text
 * values (a bare 是/否 without its label would say nothing).
 */
export function attributeChips(
  attributes: Attributes | null | undefined,
  fields: readonly AttributeField[] | undefined,
  max = 4,
): string[] {
  if (fields && fields.length > 0) {
    return attributeEntries(attributes, fields)
      .filter((entry) => fields.some((f) => f.key === entry.key))
      .slice(0, max)
      .map((entry) =>
        entry.text === '是' || entry.text === '否' ? `${entry.label}：${entry.text}` : entry.text,
      )
  }
  const chips: string[] = []
  for (const value of Object.values(attributes ?? {})) {
    if (typeof value === 'boolean') continue
    const text = formatAttributeValue(undefined, value)
    if (text && text !== 'true' && text !== 'false') chips.push(text)
    if (chips.length >= max) break
  }
  return chips
}
