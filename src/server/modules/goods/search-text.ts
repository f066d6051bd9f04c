/**
 * Title search without a search engine. Titles are cut into runs of letters and digits; each run
 * becomes its overlapping bigrams (王者荣耀 → 王者 者荣 荣耀), runs are separated by a gap token so a
 * phrase never spans two runs. A keyword run of two or more characters is then an FTS5 phrase of its
 * bigrams, which matches exactly the titles containing that run (case-folded). Filter values go in as
 * tokens too (zzg<gameId> …), so the FTS index also answers "keyword within this game/server/type".
 * Tokens of 3+ characters cannot collide with the 2-character title bigrams.
 */
import type { GoodsType } from '../../../shared/api'

const RUN = /[\p{L}\p{N}]+/gu
const GAP = 'zzx'
/** the token between two runs of a title's document (not a term) */
export const SEARCH_GAP = GAP

/** Letter/digit runs of a text, lower-cased. */
export function runsOf(text: string): string[] {
  return text.toLowerCase().match(RUN) ?? []
}

function bigrams(run: string): string[] {
  const chars = [...run]
  const out: string[] = []
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1])
  return out
}

export interface SearchFilterTokens {
  gameId: number
  goodsType: GoodsType
  serverId?: number | null
  areaId?: number | null
  platform?: string | null
}

const platformToken = (platform: string) => `zzp${platform.toLowerCase().replace(/[^a-z0-9]/g, '')}`

/** An id as token text: only a positive safe integer ever reaches the MATCH text (the API validates it). */
function idText(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new TypeError(`not an id: ${String(id)}`)
  return String(id)
}

export function filterTokens(f: Partial<SearchFilterTokens>): string[] {
  const tokens: string[] = []
  if (f.gameId != null) tokens.push(`zzg${idText(f.gameId)}`)
  if (f.goodsType) tokens.push(`zzt${f.goodsType.toLowerCase().replace(/[^a-z]/g, '')}`)
  if (f.serverId != null) tokens.push(`zzs${idText(f.serverId)}`)
  if (f.areaId != null) tokens.push(`zza${idText(f.areaId)}`)
  if (f.platform) tokens.push(platformToken(f.platform))
  return tokens
}

/** The text stored in goods_fts for an ON_SALE listing. */
export function ftsDocument(title: string, filters: SearchFilterTokens): string {
  const parts: string[] = []
  for (const run of runsOf(title)) {
    const grams = bigrams(run)
    if (grams.length === 0) continue
    if (parts.length > 0) parts.push(GAP)
    parts.push(...grams)
  }
  return [...parts, ...filterTokens(filters)].join(' ')
}

/**
 * The terms of goods.search_terms (PostgreSQL, GIN-indexed): the distinct title bigrams and the
 * filter tokens of the same document.
 */
export function searchTerms(title: string, filters: SearchFilterTokens): string[] {
  return [...new Set(ftsDocument(title, filters).split(' '))].filter((t) => t !== GAP)
}

/**
 * goods.search_terms is split into id ranges of 2^17 listings: every stored term carries its
 * listing's range (`7:王者`), so the GIN index keeps one short posting list per term and range. A
 * search reads the ranges newest first and a count that stops at a cap stops after the first range
 * or two for a common keyword, instead of reading the term's whole posting list (docs/scaling.md,
 * "Search on PostgreSQL").
 */
export const SEARCH_BUCKET_BITS = 17

/** The id range (bucket) of a listing: the SQL side computes it as `id >> SEARCH_BUCKET_BITS`. */
export function searchBucket(goodsId: number): number {
  idText(goodsId) // a positive safe integer, as the shift expects
  return Math.floor(goodsId / 2 ** SEARCH_BUCKET_BITS)
}

/** Terms as stored for a listing: each prefixed with its bucket (colons never occur in a term). */
export function bucketTerms(goodsId: number, terms: string[]): string[] {
  const bucket = searchBucket(goodsId)
  return terms.map((t) => `${bucket}:${t}`)
}

/** The goods.search_terms value of an ON_SALE listing (PostgreSQL). */
export function storedSearchTerms(goodsId: number, title: string, filters: SearchFilterTokens): string[] {
  return bucketTerms(goodsId, searchTerms(title, filters))
}

/** The bigrams every matching listing's search_terms holds (PostgreSQL): those of the 2+ character runs. */
export function requiredTerms(keyword: ParsedKeyword): string[] {
  return [...new Set(keyword.phrases.flat())]
}

export interface ParsedKeyword {
  /** runs of 2+ characters: FTS phrases (SQLite) */
  phrases: string[][]
  /** every run: LIKE patterns (PostgreSQL, and single characters on SQLite) */
  runs: string[]
}

/**
 * Runs of letters/digits must each appear in the title. A keyword of punctuation only (e.g. "%")
 * is matched literally instead (an escaped LIKE).
 */
export function parseKeyword(keyword: string): ParsedKeyword | null {
  const trimmed = keyword.trim()
  if (!trimmed) return null
  const runs = [...new Set(runsOf(trimmed))]
  if (runs.length === 0) return { runs: [trimmed], phrases: [] }
  return { runs, phrases: runs.filter((r) => [...r].length >= 2).map(bigrams) }
}

/** FTS5 MATCH text: every phrase and every filter token (tokens are letters/digits only: no quoting issues). */
export function ftsQuery(phrases: string[][], filters: Partial<SearchFilterTokens>): string {
  return [...phrases.map((p) => `"${p.join(' ')}"`), ...filterTokens(filters)].join(' AND ')
}

/** A LIKE pattern for "contains", with %, _ and the escape character escaped (use ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
