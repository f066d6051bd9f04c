/**
 * Rules of the publish form (pure, so they can be tested without a page): price in 元 typed as text
 * and sent as exact fen, stock (an account is one of a kind), title and description lengths, the
 * game's attribute values (required, kind, range, choices), the screenshots (uploaded, an account
 * has one), and the body sent to the server.
 * The server checks all of this again; the form only saves a round trip.
 */
import type { UploadFile } from 'antd'
import type { AttributeField } from '@shared/api/game'
import {
  GOODS_LIMITS,
  type Attributes,
  type AttributeValue,
  type GoodsImage,
  type GoodsType,
  type PublishGoodsBody,
} from '@shared/api/goods'
import { priceError, yuanToFen } from '@renderer/utils/money'

/** Longest text attribute value (the server's limit too). */
export const ATTRIBUTE_TEXT_MAX = 50

/** What the form holds (images are handled by the uploader; their ids come in separately). */
export interface PublishFormValues {
  platform?: string
  areaId?: number
  serverId?: number
  title: string
  description?: string
  /** 元, as typed */
  price: string
  stock?: number | null
  attributes?: Record<string, AttributeValue | null | undefined>
  /** 包赔 days of an account (0: none; undefined: unchanged), docs/recovery-protection.md */
  protectionDays?: number | null
  /** 额外包赔 a buyer may add at checkout: its fee in 元 as typed ('' : none) and the days it adds */
  protectionExtraFee?: string | null
  protectionExtraDays?: number | null
}

/** '' when the price text is a valid price, else the message. */
export function checkPrice(text: string | number | null | undefined): string {
  if (text === null || text === undefined || String(text).trim() === '') return '请输入价格'
  return priceError(yuanToFen(text), GOODS_LIMITS)
}

/** An account is one of a kind: its stock is always 1. */
export function fixedStock(goodsType: GoodsType): number | null {
  return goodsType === 'ACCOUNT' ? 1 : null
}

export function checkStock(goodsType: GoodsType, stock: number | null | undefined): string {
  if (goodsType === 'ACCOUNT')
    return stock === undefined || stock === null || stock === 1 ? '' : '账号类商品库存固定为 1'
  if (stock === undefined || stock === null || (stock as unknown) === '') return '请输入库存'
  if (!Number.isInteger(stock)) return '库存必须是整数'
  if (stock < 1) return '库存至少为 1'
  if (stock > GOODS_LIMITS.stockMax) return `库存不能超过 ${GOODS_LIMITS.stockMax}`
  return ''
}

export function checkTitle(title: string | null | undefined): string {
  const text = (title ?? '').trim()
  if (!text) return '请输入商品标题'
  if (Array.from(text).length > GOODS_LIMITS.titleMaxLength)
    return `标题不能超过 ${GOODS_LIMITS.titleMaxLength} 个字`
  return ''
}

export function checkDescription(description: string | null | undefined): string {
  if (Array.from(description ?? '').length > GOODS_LIMITS.descriptionMaxLength)
    return `描述不能超过 ${GOODS_LIMITS.descriptionMaxLength} 个字`
  return ''
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  )
}

/** '' when the value fits the field, else the message (named by the field's label). */
export function checkAttribute(field: AttributeField, value: unknown): string {
  if (isEmpty(value)) {
    if (!field.required) return ''
    return field.kind === 'select' || field.kind === 'multiselect' || field.kind === 'boolean'
      ? `请选择${field.label}`
      : `请填写${field.label}`
  }
  switch (field.kind) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${field.label}必须是数字`
      if (field.min !== undefined && value < field.min) return `${field.label}不能小于 ${field.min}`
      if (field.max !== undefined && value > field.max) return `${field.label}不能大于 ${field.max}`
      return ''
    }
    case 'select':
      return typeof value === 'string' && (!field.options || field.options.includes(value))
        ? ''
        : `请从列表中选择${field.label}`
    case 'multiselect':
      return Array.isArray(value) &&
        value.every((v) => typeof v === 'string' && (!field.options || field.options.includes(v)))
        ? ''
        : `请从列表中选择${field.label}`
    case 'boolean':
      return typeof value === 'boolean' ? '' : `请选择${field.label}`
    case 'text':
      return typeof value === 'string' && Array.from(value.trim()).length <= ATTRIBUTE_TEXT_MAX
        ? ''
        : `${field.label}不能超过 ${ATTRIBUTE_TEXT_MAX} 个字`
    default:
      return ''
  }
}

/** The attribute values to send: only the game's fields, empty ones left out, text trimmed. */
export function cleanAttributes(
  fields: readonly AttributeField[],
  values: Record<string, AttributeValue | null | undefined> | undefined,
): Attributes {
  const out: Attributes = {}
  for (const field of fields) {
    const value = values?.[field.key]
    if (isEmpty(value)) continue
    out[field.key] = typeof value === 'string' ? value.trim() : (value as AttributeValue)
  }
  return out
}

/** The publish body of the form's values; throws when the price is not a valid price. */
export function toPublishBody(
  gameId: number,
  goodsType: GoodsType,
  fields: readonly AttributeField[],
  values: PublishFormValues,
  imageIds: string[],
): PublishGoodsBody {
  const price = yuanToFen(values.price)
  const problem = priceError(price, GOODS_LIMITS)
  if (problem) throw new Error(problem)
  const body: PublishGoodsBody = {
    gameId,
    goodsType,
    title: values.title.trim(),
    description: (values.description ?? '').trim(),
    price: price as number,
    stock: fixedStock(goodsType) ?? Number(values.stock),
    attributes: cleanAttributes(fields, values.attributes),
    imageIds: [...imageIds],
  }
  if (values.platform) body.platform = values.platform
  if (values.areaId !== undefined && values.areaId !== null) body.areaId = values.areaId
  if (values.serverId !== undefined && values.serverId !== null) body.serverId = values.serverId
  if (typeof values.protectionDays === 'number') body.protectionDays = values.protectionDays
  if (typeof values.protectionDays === 'number' && values.protectionDays > 0) {
    const feeText = String(values.protectionExtraFee ?? '').trim()
    const fee = feeText === '' ? 0 : yuanToFen(feeText)
    if (fee === null) throw new Error('额外包赔费用格式不正确')
    body.protectionExtraFee = fee
    body.protectionExtraDays = fee > 0 ? Number(values.protectionExtraDays ?? 0) : 0
  }
  return body
}

/** Check one picked file before it is uploaded: '' when fine, else the message. */
export function checkImageFile(file: { type: string; size: number; name: string }): string {
  if (!(GOODS_LIMITS.imageMimeTypes as readonly string[]).includes(file.type)) {
    return `“${file.name}”不是 JPG、PNG 或 WebP 图片`
  }
  if (file.size > GOODS_LIMITS.imageMaxBytes) {
    return `“${file.name}”超过 ${GOODS_LIMITS.imageMaxBytes / 1024 / 1024} MB，请压缩后再上传`
  }
  if (file.size === 0) return `“${file.name}”是空文件`
  return ''
}

/** Move an item of a list from one index to another (screenshot order; the first is the cover). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** A screenshot in the upload list (the server's processed image is its response). */
export type ShotFile = UploadFile<GoodsImage>

/** A picture already on the server (edit mode) as an upload-list entry. */
export function shotOfImage(image: GoodsImage, index: number): ShotFile {
  return {
    uid: image.imageId,
    name: `截图 ${index + 1}`,
    status: 'done',
    url: image.url,
    thumbUrl: image.thumbUrl,
    response: image,
  }
}

/** The ids of the uploaded pictures, in display order. */
export function imageIdsOf(list: readonly ShotFile[]): string[] {
  return list.flatMap((file) =>
    file.status === 'done' && file.response?.imageId ? [file.response.imageId] : [],
  )
}

/** '' when every picture is uploaded, else what is still wrong. */
export function shotsProblem(list: readonly ShotFile[]): string {
  if (list.some((f) => f.status === 'uploading')) return '图片还在上传中，请稍候再提交'
  if (list.some((f) => f.status === 'error')) return '有图片上传失败，请删除后重新上传'
  return ''
}

/** The screenshots field's rule: every picture uploaded, and an account needs at least one. */
export function checkShots(goodsType: GoodsType, list: readonly ShotFile[] | undefined): string {
  const shots = list ?? []
  const problem = shotsProblem(shots)
  if (problem) return problem
  if (goodsType === 'ACCOUNT' && imageIdsOf(shots).length === 0) return '请至少上传 1 张账号截图'
  return ''
}
