/**
 * The listing rules, checked against the game's config (getGameConfig) on the server. Single publish,
 * update and every row of a batch go through checkListing; it returns every problem in Chinese,
 * naming the field, and the normalised listing when there is none. Attribute values may arrive typed
 * (JSON) or as text (spreadsheet cells): numbers, yes/no and lists separated by 、 or , are read from
 * text the same way.
 *
 * Two rules decide whether a valid listing may go on sale by itself (`hold`):
 *  - an account listing shows at least one screenshot. Publish and edit refuse one without
 *    (GOODS_MSG.SCREENSHOT_REQUIRED); a batch row cannot carry images, so it is created off the shelf
 *    with the reason GOODS_MSG.SCREENSHOT_HOLD (`screenshotsLater`), and relisting is refused until
 *    the seller has added a screenshot by editing it;
 *  - off-platform contact details (QQ, WeChat, mobile numbers, links: src/shared/rules/contact.ts) in
 *    the title, the description or a free-text attribute hold the listing for staff review (审核中),
 *    with the reason stored in audit_remark for the seller; staff approve or reject it
 *    (POST /goods/admin/audit).
 */
import {
  GOODS_LIMITS,
  GOODS_MSG,
  GOODS_TYPE_LABELS,
  type AttributeField,
  type AttributeValue,
  type Attributes,
  type GoodsType,
} from '../../../shared/api'
import { contactReviewReason, type ListingText } from '../../../shared/rules/contact'
import type { GameRules } from '../game/service'
import { formatYuan } from '../../../shared/money'

export interface ListingInput {
  gameId: number
  goodsType: GoodsType
  platform?: string | null
  areaId?: number | null
  serverId?: number | null
  title: string
  description?: string | null
  price: number
  stock: number
  attributes?: Record<string, unknown> | null
  imageIds?: string[]
}

export interface ValidListing {
  gameId: number
  goodsType: GoodsType
  platform: string | null
  areaId: number | null
  serverId: number | null
  title: string
  description: string
  price: number
  stock: number
  attributes: Attributes
  imageIds: string[]
  /** null: it may go on sale; else the state it is created or kept in, and the reason shown to the seller */
  hold: ListingHold | null
}

/** The goods row's columns that a checked listing sets: on publishing, on an edit, in the demo seed. */
export const listingColumns = (l: ValidListing) => ({
  game_id: l.gameId,
  goods_type: l.goodsType,
  platform: l.platform,
  area_id: l.areaId,
  server_id: l.serverId,
  title: l.title,
  price: l.price,
  stock: l.stock,
  attrs: JSON.stringify(l.attributes),
})

/** AUDITING: held for staff review (contact details); OFF_SHELF: kept off the shelf (no screenshot). */
export interface ListingHold {
  status: 'AUDITING' | 'OFF_SHELF'
  remark: string
}

export interface CheckOptions {
  /** a batch row: an account without images is created off the shelf instead of being refused */
  screenshotsLater?: boolean
}

export type CheckResult = { ok: true; listing: ValidListing } | { ok: false; errors: string[] }

const TEXT_MAX = 50
const LIST_SEPARATOR = /[、,，;；]/
const YES = new Set(['true', '是', 'yes', 'y', '1', '有', '已实名'])
const NO = new Set(['false', '否', 'no', 'n', '0', '无', '未实名'])

export function priceProblem(price: number): string | null {
  if (!Number.isInteger(price)) return '价格格式不正确'
  if (price < GOODS_LIMITS.priceMinFen) return `价格不能低于 ${formatYuan(GOODS_LIMITS.priceMinFen)}`
  if (price > GOODS_LIMITS.priceMaxFen) return `价格不能超过 ${formatYuan(GOODS_LIMITS.priceMaxFen)}`
  return null
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0)

/** Reads one attribute value; returns the normalised value or a problem. */
function readAttribute(field: AttributeField, raw: unknown): { value?: AttributeValue; problem?: string } {
  const label = field.label
  switch (field.kind) {
    case 'select': {
      const v = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null
      if (v === null || !(field.options ?? []).includes(v)) return { problem: `${label}取值不正确` }
      return { value: v }
    }
    case 'multiselect': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(LIST_SEPARATOR) : null
      if (!list || !list.every((x) => typeof x === 'string')) return { problem: `${label}格式不正确` }
      const values = [...new Set((list as string[]).map((x) => x.trim()).filter(Boolean))]
      const unknown = values.filter((x) => !(field.options ?? []).includes(x))
      if (unknown.length > 0) return { problem: `${label}取值不正确：${unknown.slice(0, 3).join('、')}` }
      if (values.length === 0) return {}
      return { value: values }
    }
    case 'number': {
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && raw.trim() !== ''
            ? Number(raw.trim())
            : NaN
      if (!Number.isFinite(n)) return { problem: `${label}必须是数字` }
      if (!Number.isInteger(n)) return { problem: `${label}必须是整数` }
      if (field.min !== undefined && n < field.min) return { problem: `${label}不能小于 ${field.min}` }
      if (field.max !== undefined && n > field.max) return { problem: `${label}不能大于 ${field.max}` }
      return { value: n }
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw }
      const v = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().toLowerCase() : ''
      if (YES.has(v)) return { value: true }
      if (NO.has(v)) return { value: false }
      return { problem: `${label}只能填写“是”或“否”` }
    }
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { problem: `${label}必须是文本` }
      const v = String(raw).trim()
      if (v.length > TEXT_MAX) return { problem: `${label}长度不能超过 ${TEXT_MAX} 个字符` }
      return { value: v }
    }
  }
}

export function checkAttributes(
  fields: AttributeField[],
  input: Record<string, unknown>,
): { attributes: Attributes; errors: string[] } {
  const errors: string[] = []
  const attributes: Attributes = {}
  for (const key of Object.keys(input)) {
    if (!fields.some((f) => f.key === key)) errors.push(`不支持的属性：${key}`)
  }
  for (const field of fields) {
    const raw = input[field.key]
    if (isBlank(raw)) {
      if (field.required)
        errors.push(`${field.kind === 'text' || field.kind === 'number' ? '请填写' : '请选择'}${field.label}`)
      continue
    }
    const { value, problem } = readAttribute(field, raw)
    if (problem) errors.push(problem)
    else if (value !== undefined) attributes[field.key] = value
    else if (field.required) errors.push(`请选择${field.label}`)
  }
  return { attributes, errors }
}

/** Area, server and platform of a listing, checked against the game. */
function checkPlace(
  input: ListingInput,
  rules: GameRules,
  requireServer: boolean,
  errors: string[],
): Pick<ValidListing, 'platform' | 'areaId' | 'serverId'> {
  const place = {
    platform: null as string | null,
    areaId: null as number | null,
    serverId: null as number | null,
  }
  let area = input.areaId ? rules.areas.find((a) => a.serverId === input.areaId) : undefined
  if (input.areaId && !area) errors.push('大区不属于该游戏')
  if (input.serverId) {
    const owner = rules.areas.find((a) => a.children.some((s) => s.serverId === input.serverId))
    if (!owner) errors.push('服务器不属于该游戏')
    else if (area && owner.serverId !== area.serverId) errors.push('服务器不属于所选大区')
    else {
      area = owner
      place.serverId = input.serverId
    }
  }
  if (area) place.areaId = area.serverId
  if (requireServer && rules.areas.length > 0 && !input.areaId && !input.serverId) errors.push('请选择大区')
  else if (requireServer && area && area.children.length > 0 && !input.serverId) errors.push('请选择服务器')

  const platform = input.platform?.trim() || null
  if (platform && !rules.game.platforms.includes(platform)) errors.push('平台取值不正确')
  else if (platform && area?.platform && platform !== area.platform) errors.push('平台与所选大区不符')
  place.platform =
    area?.platform ?? platform ?? (rules.game.platforms.length === 1 ? rules.game.platforms[0] : null)
  return place
}

/** The texts of a listing a seller writes: title, description, free-text attributes (by label). */
export function listingTexts(
  title: string,
  description: string,
  fields: AttributeField[],
  attributes: Attributes,
): ListingText[] {
  const texts: ListingText[] = [
    { field: '标题', text: title },
    { field: '描述', text: description },
  ]
  for (const field of fields) {
    const value = attributes[field.key]
    if (field.kind === 'text' && typeof value === 'string') texts.push({ field: field.label, text: value })
  }
  return texts
}

/** The reason a listing's text is held for review (contact details), or null. */
export function contactHoldReason(
  rules: GameRules,
  listing: { goodsType: GoodsType; title: string; description: string; attributes: Attributes },
): string | null {
  const fields = rules.config.goodsTypes.find((t) => t.goodsType === listing.goodsType)?.attributes ?? []
  return contactReviewReason(listingTexts(listing.title, listing.description, fields, listing.attributes))
}

export function checkListing(input: ListingInput, rules: GameRules, opts: CheckOptions = {}): CheckResult {
  const errors: string[] = []
  const typeConfig = rules.config.goodsTypes.find((t) => t.goodsType === input.goodsType)
  if (!typeConfig) {
    const label = GOODS_TYPE_LABELS[input.goodsType] ?? input.goodsType
    return { ok: false, errors: [`该游戏不支持发布${label}类商品`] }
  }

  const title = (input.title ?? '').trim()
  if (!title) errors.push('标题不能为空')
  else if ([...title].length > GOODS_LIMITS.titleMaxLength)
    errors.push(`标题长度不能超过 ${GOODS_LIMITS.titleMaxLength} 个字符`)
  const description = (input.description ?? '').trim()
  if ([...description].length > GOODS_LIMITS.descriptionMaxLength)
    errors.push(`描述长度不能超过 ${GOODS_LIMITS.descriptionMaxLength} 个字符`)

  const pricePr = priceProblem(input.price)
  if (pricePr) errors.push(pricePr)
  if (!Number.isInteger(input.stock) || input.stock < 1 || input.stock > GOODS_LIMITS.stockMax)
    errors.push(`库存须为 1-${GOODS_LIMITS.stockMax} 的整数`)
  else if (input.goodsType === 'ACCOUNT' && input.stock !== 1) errors.push('账号类商品库存只能为 1')

  const place = checkPlace(input, rules, typeConfig.requireServer, errors)
  const { attributes, errors: attrErrors } = checkAttributes(typeConfig.attributes, input.attributes ?? {})
  errors.push(...attrErrors)

  const imageIds = input.imageIds ?? []
  if (imageIds.length > GOODS_LIMITS.imagesMax) errors.push(`商品图片最多 ${GOODS_LIMITS.imagesMax} 张`)
  if (new Set(imageIds).size !== imageIds.length) errors.push('商品图片不能重复')
  const needsScreenshot = input.goodsType === 'ACCOUNT' && imageIds.length === 0
  if (needsScreenshot && !opts.screenshotsLater) errors.push(GOODS_MSG.SCREENSHOT_REQUIRED)

  if (errors.length > 0) return { ok: false, errors }
  const contact = contactHoldReason(rules, { goodsType: input.goodsType, title, description, attributes })
  const hold: ListingHold | null = needsScreenshot
    ? { status: 'OFF_SHELF', remark: [GOODS_MSG.SCREENSHOT_HOLD, contact].filter(Boolean).join('；') }
    : contact
      ? { status: 'AUDITING', remark: contact }
      : null
  return {
    ok: true,
    listing: {
      gameId: input.gameId,
      goodsType: input.goodsType,
      ...place,
      title,
      description,
      price: input.price,
      stock: input.stock,
      attributes,
      imageIds,
      hold,
    },
  }
}

/** The (key, value) pairs a listing is found by in attribute filters (goods_attr_index). */
export function filterPairs(
  fields: AttributeField[],
  attributes: Attributes,
): Array<{ key: string; value: string }> {
  const pairs: Array<{ key: string; value: string }> = []
  for (const field of fields) {
    if (!field.filterable) continue
    const v = attributes[field.key]
    if (v === undefined) continue
    if (field.kind === 'multiselect' && Array.isArray(v))
      for (const x of v) pairs.push({ key: field.key, value: x })
    else if (field.kind === 'select' && typeof v === 'string') pairs.push({ key: field.key, value: v })
    else if (field.kind === 'boolean' && typeof v === 'boolean')
      pairs.push({ key: field.key, value: String(v) })
  }
  return pairs
}

/** A search filter value in the form goods_attr_index stores; null when it cannot match. */
export function filterValue(field: AttributeField, raw: string): string | null {
  const v = raw.trim()
  if (field.kind === 'boolean') {
    const lower = v.toLowerCase()
    return YES.has(lower) ? 'true' : NO.has(lower) ? 'false' : null
  }
  if (field.kind === 'select' || field.kind === 'multiselect')
    return (field.options ?? []).includes(v) ? v : null
  return null
}
