/**
 * 公会助力 (docs/platform-pages.md): staff run a support activity for guilds; logged-in, real-name
 * users support guilds (one support per guild per China day, at most N supports a day in all, a cap
 * per client address) and the page shows the leaderboard. Staff void suspicious supports, which
 * leave the board. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, list, optional, paging, pattern, strict, text, Type } from './fields'

export const LOVE_LIMITS = {
  title: 60,
  rules: 5000,
  prize: 100,
  prizes: 10,
  guildName: 30,
  serverName: 30,
  reason: 200,
  /** supports voided by id in one call */
  voidIds: 100,
  /** the longest activity */
  maxDays: 366,
} as const

/** System parameters (参数设置) read on every support; the defaults when unset or not a number. */
export const LOVE_CONFIG_KEYS = {
  perDay: 'love.support.perDay',
  perIpDay: 'love.support.perIpDay',
} as const
export const LOVE_DEFAULTS = { perDay: 3, perIpDay: 20 } as const

export type LoveActivityStatus = 'UPCOMING' | 'RUNNING' | 'ENDED'
/** The console's dictionaries (seeded with the module): activity status and support state. */
export const LOVE_DICTS = {
  activityStatus: 'love_activity_status',
  supportState: 'love_support_state',
} as const
/** values of love_support_state */
export const LOVE_SUPPORT_STATES = { valid: 'VALID', voided: 'VOIDED' } as const
export const LOVE_STATUS_LABELS: Record<LoveActivityStatus, string> = {
  UPCOMING: '未开始',
  RUNNING: '进行中',
  ENDED: '已结束',
}

export interface LoveActivity {
  activityId: number
  title: string
  /** epoch ms: supports are taken from startAt (inclusive) to endAt (exclusive) */
  startAt: number
  endAt: number
  /** plain text (paragraphs separated by blank lines), never HTML */
  rules: string
  prizes: string[]
  /** by the server's clock at the time of the answer */
  status: LoveActivityStatus
  createdAt: number
  updatedAt: number
}

export interface LoveGuild {
  guildId: number
  activityId: number
  name: string
  gameId: number
  gameName: string
  serverName: string
  logoImageId: string | null
  logoUrl: string | null
  /** valid (not voided) supports */
  supports: number
  /** time of the last valid support (ties rank the guild that got there first higher) */
  lastSupportAt: number | null
  /** 1-based place on the board */
  rank: number
}

export interface LoveBoard {
  /** the running activity, else the next one, else the last one that ended; null: none at all */
  activity: LoveActivity | null
  /** ranked: most valid supports first, ties by the earlier last support */
  guilds: LoveGuild[]
  /** the server's clock (the countdown corrects the browser's by it) */
  serverNow: number
  perDay: number
}

export interface LoveMine {
  activityId: number
  /** the caller has a verified real name (only they may support) */
  verified: boolean
  /** guilds the caller supported today (China day) */
  supportedGuildIds: number[]
  usedToday: number
  perDay: number
}

export interface LoveSupportResult {
  guildId: number
  supports: number
  usedToday: number
  perDay: number
}

/** What staff see of a support. */
export interface LoveSupport {
  supportId: number
  activityId: number
  guildId: number
  guildName: string
  userId: number
  userName: string
  ip: string
  createdAt: number
  voided: boolean
  voidReason: string
  voidedAt: number | null
}

const title = () => text('活动标题', LOVE_LIMITS.title)
const time = (name: string) => Type.Integer({ title: name, minimum: 0, maximum: 4_102_444_800_000 })
const activityFields = {
  title: title(),
  startAt: time('开始时间'),
  endAt: time('结束时间'),
  rules: text('活动规则', LOVE_LIMITS.rules, 0),
  prizes: list('活动奖品', text('奖品', LOVE_LIMITS.prize), LOVE_LIMITS.prizes),
}
const guildFields = {
  activityId: id('活动编号'),
  name: text('公会名称', LOVE_LIMITS.guildName),
  gameId: id('游戏'),
  serverName: text('区服', LOVE_LIMITS.serverName),
  logoImageId: optional(pattern('公会徽标', '^[0-9a-f]{32}$', 32)),
}
const ip = () => text('IP 地址', 45)

export const LOVE = {
  /** the page: the current (or next, or last) activity with its ranked guilds */
  board: endpoint({
    method: 'GET',
    path: '/platform/love/board',
    access: 'public',
    answer: data<LoveBoard>(),
  }),
  /** the caller's supports today in an activity */
  mine: endpoint({
    method: 'GET',
    path: '/platform/love/mine',
    access: 'user',
    query: strict({ activityId: id('活动编号') }),
    answer: data<LoveMine>(),
  }),
  support: endpoint({
    method: 'POST',
    path: '/platform/love/support',
    access: 'user',
    body: strict({ guildId: id('公会编号') }),
    answer: data<LoveSupportResult>(),
  }),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const LOVE_STAFF = {
  // 公会助力 (console page)
  activityList: endpoint({
    method: 'GET',
    path: '/console/love/activity/list',
    access: 'user',
    permission: PERMS.loveList,
    query: strict({ ...paging(50) }),
    answer: page<LoveActivity>(),
  }),
  activityAdd: endpoint({
    method: 'POST',
    path: '/console/love/activity/add',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict(activityFields),
    answer: data<LoveActivity>(),
  }),
  activityEdit: endpoint({
    method: 'POST',
    path: '/console/love/activity/edit',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict({ activityId: id('活动编号'), ...activityFields }),
    answer: data<LoveActivity>(),
  }),
  /** only an activity without supports */
  activityRemove: endpoint({
    method: 'POST',
    path: '/console/love/activity/remove',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict({ activityId: id('活动编号') }),
    answer: data<{ activityId: number }>(),
  }),
  guildList: endpoint({
    method: 'GET',
    path: '/console/love/guild/list',
    access: 'user',
    permission: PERMS.loveList,
    query: strict({ activityId: id('活动编号') }),
    answer: data<LoveGuild[]>(),
  }),
  guildAdd: endpoint({
    method: 'POST',
    path: '/console/love/guild/add',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict(guildFields),
    answer: data<LoveGuild>(),
  }),
  guildEdit: endpoint({
    method: 'POST',
    path: '/console/love/guild/edit',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict({ guildId: id('公会编号'), ...guildFields }),
    answer: data<LoveGuild>(),
  }),
  /** only a guild without supports */
  guildRemove: endpoint({
    method: 'POST',
    path: '/console/love/guild/remove',
    access: 'user',
    permission: PERMS.loveEdit,
    body: strict({ guildId: id('公会编号') }),
    answer: data<{ guildId: number }>(),
  }),
  supportList: endpoint({
    method: 'GET',
    path: '/console/love/support/list',
    access: 'user',
    permission: PERMS.loveList,
    query: strict({
      ...paging(50),
      activityId: optional(id('活动编号')),
      guildId: optional(id('公会编号')),
      userId: optional(id('用户编号')),
      userName: optional(text('用户名', 30)),
      ip: optional(ip()),
      voided: optional(bool('是否已作废')),
    }),
    answer: page<LoveSupport>(),
  }),
  /**
   * Void with a reason: the listed supports, or every support of one user or one address in an
   * activity (`activityId` with `userId` or `ip`). Voided supports leave the board.
   */
  voidSupports: endpoint({
    method: 'POST',
    path: '/console/love/support/void',
    access: 'user',
    permission: PERMS.loveVoid,
    body: strict({
      supportIds: optional(list('助力记录', id('助力编号'), LOVE_LIMITS.voidIds, 1)),
      activityId: optional(id('活动编号')),
      userId: optional(id('用户编号')),
      ip: optional(ip()),
      reason: Type.String({ title: '作废原因', minLength: 1, maxLength: LOVE_LIMITS.reason, pattern: '\\S' }),
    }),
    answer: data<{ voided: number }>(),
  }),
}

export type LoveActivityBody = BodyOf<typeof LOVE_STAFF.activityAdd>
export type LoveActivityEditBody = BodyOf<typeof LOVE_STAFF.activityEdit>
export type LoveGuildBody = BodyOf<typeof LOVE_STAFF.guildAdd>
export type LoveGuildEditBody = BodyOf<typeof LOVE_STAFF.guildEdit>
export type LoveSupportListQuery = QueryOf<typeof LOVE_STAFF.supportList>
export type LoveActivityListQuery = QueryOf<typeof LOVE_STAFF.activityList>
export type LoveVoidBody = BodyOf<typeof LOVE_STAFF.voidSupports>
