/**
 * Off-platform contact details in listing text (标题, 描述, free-text attributes). The site's rules
 * forbid them: "add me on QQ/WeChat" is the first step of most scams, so a listing that carries one
 * is held for staff review instead of going on sale (the server), and the publish form warns while
 * the seller types (the renderer). Plain data plus functions: no Node, no DOM.
 *
 * What counts (CONTACT_PATTERNS, checked on normalised text):
 *  - QQ: QQ/扣扣/企鹅/Q号/群号… followed by a 5–11 digit number;
 *  - WeChat: 微信/威信/薇信/V信/VX/WX/wechat… followed by an id (a letter then 5–19 letters, digits,
 *    _ or -) or a number;
 *  - a mainland mobile number (1[3-9] + 9 digits, +86 allowed) anywhere;
 *  - links (http://, www., name.com / .cn / … , 点com) and e-mail addresses;
 *  - 加/+/联系 with a one-letter disguise (加v, +q, 联系微), or 加我/联系/私聊/电话… followed by an id
 *    that has a digit, or a number.
 * Evasions handled by the normalisation: full-width letters and digits (ＱＱ１２３), circled digits,
 * zero-width characters, digits split by spaces, dots, dashes or underscores (138 1234 5678), and
 * Chinese numerals for digits (一三八…, 壹贰叁, 幺) in runs of five or more (shorter runs are normal
 * words: 一区, 三国, 五五开).
 * Not contact details: game areas (QQ区, 微信100区, QQ飞车), levels (V10, V信 without an id), counts
 * and prices (100英雄, 13000000000 金币: a number followed by a unit, or ending in five zeros, is a
 * quantity), short numbers after a keyword (QQ 12区).
 */

export type ContactKind = 'qq' | 'wechat' | 'phone' | 'link' | 'email' | 'contact'

export const CONTACT_LABELS: Record<ContactKind, string> = {
  qq: 'QQ号',
  wechat: '微信号',
  phone: '手机号',
  link: '网址链接',
  email: '邮箱',
  contact: '联系方式',
}

/** One piece of contact found: its kind and the (normalised) text that matched. */
export interface ContactMatch {
  kind: ContactKind
  text: string
}

/** Chinese numerals read as digits (in runs of five or more, see normalizeContactText). */
const CN_DIGITS: Record<string, string> = {
  零: '0',
  〇: '0',
  一: '1',
  幺: '1',
  壹: '1',
  二: '2',
  两: '2',
  贰: '2',
  三: '3',
  叁: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  七: '7',
  柒: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
}
const CN_DIGIT_CLASS = `[0-9${Object.keys(CN_DIGITS).join('')}]`
/** a separator a seller may put between digits */
const SEP = '[\\s.\\-_·•*~]'
const CN_RUN = new RegExp(`${CN_DIGIT_CLASS}(?:${SEP}{0,2}${CN_DIGIT_CLASS}){4,}`, 'g')
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/g

/**
 * The text the patterns read: NFKC (full-width → ASCII, circled digits → digits), lower case,
 * invisible characters dropped, runs of five or more Chinese numerals turned into digits.
 */
export function normalizeContactText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(CN_RUN, (run) => [...run].map((c) => CN_DIGITS[c] ?? c).join(''))
}

/** `min`–`max` digits, separators allowed between them, not part of a longer number. */
const digits = (min: number, max: number) =>
  `(?<!\\d${SEP}{0,2})\\d(?:${SEP}{0,2}\\d){${min - 1},${max - 1}}(?!${SEP}{0,2}\\d)`
/** a number followed by one of these is a quantity (12345点券, 20000万, 13000000000金币), not an id */
const NOT_QUANTITY = '(?!\\s*(?:[区服级星段个万亿点元块钻金币张把件套次天抽%]|[wk](?![a-z])))'
/** between a keyword and the id: punctuation, 号/号码/是/为/账号/id */
const GAP = `(?:[\\s:=\\-_~,.、()\\[\\]<>"'“”‘’|/*#+【】《》「」]|号码|号|是|为|账号|id){0,6}`
/** a QQ number (5–11 digits) */
const QQ_NUMBER = `${digits(5, 11)}${NOT_QUANTITY}`
/** a WeChat id: a letter, then 5–19 letters, digits, _ or - */
const WECHAT_ID = '[a-z][a-z0-9_-]{5,19}(?![a-z0-9_-])'
/** an id with at least one digit (after a generic 加我/联系: plain words are not ids) */
const ID_WITH_DIGIT = '(?=[a-z_-]*\\d)[a-z][a-z0-9_-]{5,19}(?![a-z0-9_-])'

const QQ_WORD =
  '(?<![a-z])(?:q\\s*q|q\\s*号|q\\s*群|q)(?![a-z])|扣\\s*扣|抠\\s*抠|蔻\\s*蔻|寇\\s*寇|企\\s*鹅|[群裙]\\s*号'
const WECHAT_WORD =
  '(?<![a-z])(?:v\\s*x|w\\s*x)|(?<![a-z])(?:wei\\s*xin|we\\s*chat|v\\s*信)(?![a-z])|[微威薇徽维卫]\\s*(?:信|x(?![a-z]))|微号'
/** a one-letter disguise, a contact only after 加/+/联系 (V alone is a level: V10) */
const DISGUISE = '(?:v|q)(?![a-z])|微|薇|威|扣|企'
const VERB =
  '加\\s*我|加\\s*好\\s*友|联\\s*系|私\\s*聊|私\\s*信|咨\\s*询|详\\s*[询聊谈]|找\\s*我|电\\s*话|手\\s*机|tel(?![a-z])'
const TLDS =
  'com|cn|net|org|top|xyz|cc|vip|info|biz|shop|site|club|wang|link|ltd|online|store|tech|fun|icu|me|io|tv|co|app'

/** The maintained list: a kind and a pattern over normalizeContactText's output. */
export const CONTACT_PATTERNS: ReadonlyArray<{ kind: ContactKind; pattern: RegExp }> = [
  { kind: 'qq', pattern: new RegExp(`(?:${QQ_WORD})${GAP}${QQ_NUMBER}`, 'g') },
  {
    kind: 'wechat',
    pattern: new RegExp(`(?:${WECHAT_WORD})${GAP}(?:${WECHAT_ID}|${QQ_NUMBER})`, 'g'),
  },
  {
    kind: 'phone',
    pattern: new RegExp(
      `(?<!\\d${SEP}{0,2})(?:\\+?\\s*86${SEP}{0,2})?1${SEP}{0,2}[3-9](?:${SEP}{0,2}\\d){9}(?!${SEP}{0,2}\\d)${NOT_QUANTITY}`,
      'g',
    ),
  },
  { kind: 'link', pattern: /https?\s*:\s*\/\/|www\s*[.。]\s*[a-z0-9]/g },
  {
    kind: 'link',
    pattern: new RegExp(`[a-z0-9][a-z0-9-]*\\s*(?:\\.|。|dot)\\s*(?:${TLDS})(?![a-z0-9])`, 'g'),
  },
  { kind: 'link', pattern: /[a-z0-9][a-z0-9-]*\s*点\s*(?:com|cn|net)(?![a-z0-9])/g },
  // a mailbox: name@domain.tld, or name@qq (a provider's name without its domain)
  {
    kind: 'email',
    pattern: /[a-z0-9._%+-]+\s*@\s*(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}|[a-z][a-z0-9-]+)/g,
  },
  {
    kind: 'contact',
    pattern: new RegExp(
      `(?:加|\\+|联\\s*系)\\s*(?:我\\s*)?(?:${DISGUISE})${GAP}(?:${WECHAT_ID}|${QQ_NUMBER})`,
      'g',
    ),
  },
  {
    kind: 'contact',
    pattern: new RegExp(
      `(?:${VERB})(?:方式|我|号码|号)?${GAP}(?:${ID_WITH_DIGIT}|${digits(5, 11)}${NOT_QUANTITY})`,
      'g',
    ),
  },
]

/** Digits of a match, separators removed. */
const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The contact details in a text (empty when there are none), each kind and text once. */
export function findContacts(text: string): ContactMatch[] {
  const normal = normalizeContactText(text)
  const found: ContactMatch[] = []
  for (const { kind, pattern } of CONTACT_PATTERNS) {
    for (const match of normal.matchAll(pattern)) {
      const hit = match[0].trim()
      // a round number (13000000000) is a quantity, not a mobile
      if (kind === 'phone' && /0{5}$/.test(digitsOf(hit))) continue
      if (!found.some((f) => f.kind === kind && f.text === hit)) found.push({ kind, text: hit })
    }
  }
  return found
}

/** A text of a listing, named as the seller knows it (标题, 描述, an attribute's label). */
export interface ListingText {
  field: string
  text: string
}

/**
 * Where a listing carries contact details, e.g. "标题（QQ号）、描述（网址链接）", or null when it
 * carries none.
 */
export function contactPlaces(texts: readonly ListingText[]): string | null {
  const places: string[] = []
  for (const { field, text } of texts) {
    if (!text) continue
    const kinds = [...new Set(findContacts(text).map((m) => CONTACT_LABELS[m.kind]))]
    if (kinds.length > 0) places.push(`${field}（${kinds.join('、')}）`)
  }
  return places.length > 0 ? places.join('、') : null
}

/** The reason a listing is held for review (stored for the seller), or null when it may go on sale. */
export function contactReviewReason(texts: readonly ListingText[]): string | null {
  const places = contactPlaces(texts)
  return places ? `疑似含有站外联系方式：${places}，需人工审核` : null
}
