/**
 * Building blocks of the request schemas (TypeBox). Every field has a Chinese `title`: the server
 * names the field by it when a value is wrong (页码必须是整数, 用户名不能为空…). Integers are safe
 * integers by construction (the server's validator adds that to every integer; ids and fen also have
 * explicit bounds). Plain data: no Node, no DOM.
 */
import Type, { type TSchema } from 'typebox'

/** A record id: 1 … 2^31−1. */
export const id = (title: string) => Type.Integer({ title, minimum: 1, maximum: 2_147_483_647 })

/** An amount of money in fen (1 元 = 100 fen), at least `min` (default 1), at most 10 亿元. */
export const fen = (title: string, min = 1) => Type.Integer({ title, minimum: min, maximum: 100_000_000_000 })

/** An integer within bounds. */
export const int = (title: string, minimum: number, maximum: number) =>
  Type.Integer({ title, minimum, maximum })

/** Text of `minLength`…`maxLength` characters (minLength 1 by default: not empty). */
export const text = (title: string, maxLength: number, minLength = 1) =>
  Type.String({ title, minLength, maxLength })

/** Text matching a pattern. */
export const pattern = (title: string, regex: string, maxLength: number) =>
  Type.String({ title, pattern: regex, minLength: 1, maxLength })

/** Text a person reads (a reason, a note): 1…`maxLength` characters, not blank. */
export const nonBlank = (title: string, maxLength: number) =>
  Type.String({ title, minLength: 1, maxLength, pattern: '\\S' })

export const bool = (title: string) => Type.Boolean({ title })

/** One of the listed strings (answered as 〈title〉取值不正确 otherwise). */
export const oneOf = <const V extends readonly string[]>(title: string, values: V) =>
  Type.Unsafe<V[number]>({ type: 'string', title, enum: [...values] })

/** A list of at most `maxItems` items (at least `minItems`). */
export const list = <S extends TSchema>(title: string, items: S, maxItems: number, minItems = 0) =>
  Type.Array(items, { title, maxItems, minItems })

/** A map of text keys to text values (e.g. attribute filters, transfer fields). */
export const textMap = (title: string, maxProperties: number, maxValueLength: number) =>
  Type.Record(Type.String({ maxLength: 40 }), Type.String({ title, maxLength: maxValueLength }), {
    title,
    maxProperties,
  })

/** An object that refuses unknown fields. */
export const strict = <P extends Record<string, TSchema>>(properties: P, title?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(title ? { title } : {}) })

export const optional = Type.Optional

/** Paging of every list (the UI offers 10, 20, 30, 50; `maxPageSize` caps a list). */
export const paging = (maxPageSize = 100) => ({
  pageNum: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: maxPageSize, default: 20 })),
})

/** A paging-only query string. */
export const pageQuery = (maxPageSize = 100) => strict(paging(maxPageSize))

/** The RSA ciphertext of a password (login or payment): base64 of one 2048-bit block. */
export const cipherText = (title: string) => text(title, 1024)

export { Type }
