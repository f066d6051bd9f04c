/**
 * Long because the public rules (window, quotas, board) and the staff changes share one activity
 * model and its guards.
 *
 * 公会助力 (docs/platform-pages.md). Staff run activities (a time window, rules, prizes) with guilds;
 * logged-in users with a verified real name support guilds while the activity runs:
 *
 * - one support per guild per China day (UTC+8), and at most N supports a day in the activity in
 *   all (parameter love.support.perDay);
 * - at most M supports a day from one client address in the activity (love.support.perIpDay), on
 *   top of the route's per-minute rate limit;
 * - a voided support stays counted against the day's quotas (voiding gives nothing back) but leaves
 *   the board.
 *
 * The board ranks the guilds by valid supports; equal counts rank the guild whose last valid support
 * came earlier first (it got there first). Outside the window the page shows the next activity or,
 * when none is planned, the result of the last one.
 */
import {
  LOVE_CONFIG_KEYS,
  LOVE_DEFAULTS,
  LOVE_LIMITS,
  type LoveActivity,
  type LoveActivityBody,
  type LoveActivityListQuery,
  type LoveActivityStatus,
  type LoveBoard,
  type LoveGuild,
  type LoveGuildBody,
  type LoveMine,
  type LoveSupport,
  type LoveSupportListQuery,
  type LoveSupportResult,
  type LoveVoidBody,
} from '../../../shared/api'
import { isUniqueViolation, type Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound, realNameRequired, tooMany } from '../../http/errors'
import type { GameService } from '../game/service'
import type { ImageService } from '../image/service'
import { record, type Actor, type OpEntry } from '../oplog/service'
import type { SystemService } from '../system/service'
import { loveRepo, type ActivityRow, type GuildRow } from './repo'

const DAY = 24 * 60 * 60 * 1000
const CHINA_OFFSET = 8 * 60 * 60 * 1000
/** start of the China day (UTC+8) holding `at` */
export const chinaDayStart = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET

/**
 * Rules and prizes are plain text (shown as paragraphs, never as HTML, like notices): line breaks
 * kept, other control characters dropped, runs of blank lines folded to one, ends trimmed.
 */
export function plainText(input: string): string {
  return (
    input
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}

export function loveService(deps: {
  db: Db
  games: GameService
  images: ImageService
  system: SystemService
  /** the user has a verified real name (account module) */
  isVerified: (userId: number) => Promise<boolean>
  now: () => number
}) {
  const { db, games, images, system, isVerified, now } = deps
  const repo = loveRepo(db)

  async function configInt(key: string, fallback: number): Promise<number> {
    const n = Number(await system.configValue(key))
    return Number.isSafeInteger(n) && n >= 1 ? n : fallback
  }
  const perDay = () => configInt(LOVE_CONFIG_KEYS.perDay, LOVE_DEFAULTS.perDay)
  const perIpDay = () => configInt(LOVE_CONFIG_KEYS.perIpDay, LOVE_DEFAULTS.perIpDay)

  const statusAt = (row: ActivityRow, at: number): LoveActivityStatus =>
    at < row.start_at ? 'UPCOMING' : at < row.end_at ? 'RUNNING' : 'ENDED'

  function toActivity(row: ActivityRow): LoveActivity {
    return {
      activityId: row.id,
      title: row.title,
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      rules: row.rules,
      prizes: JSON.parse(row.prizes) as string[],
      status: statusAt(row, now()),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }
  }

  /** The guilds of an activity, ranked (valid supports desc, earlier last support first, then id). */
  async function ranked(activityId: number): Promise<LoveGuild[]> {
    const [rows, tally] = await Promise.all([repo.guilds(activityId), repo.tally(activityId)])
    const gameNames = new Map(
      (await games.byIds(rows.map((r) => r.game_id))).map((g) => [g.gameId, g.nameCn]),
    )
    const logos = new Map(
      (await images.byIds(rows.flatMap((r) => (r.logo_image_id ? [r.logo_image_id] : [])))).map((i) => [
        i.imageId,
        i.thumbUrl,
      ]),
    )
    const counts = new Map(tally.map((t) => [t.guild_id, t]))
    const guilds = rows.map((row) => toGuild(row, gameNames, logos, counts.get(row.id)))
    guilds.sort(
      (a, b) =>
        b.supports - a.supports ||
        (a.lastSupportAt ?? Infinity) - (b.lastSupportAt ?? Infinity) ||
        a.guildId - b.guildId,
    )
    return guilds.map((g, i) => ({ ...g, rank: i + 1 }))
  }

  function toGuild(
    row: GuildRow,
    gameNames: Map<number, string>,
    logos: Map<string, string>,
    tally?: { supports: number; last_at: number | null },
  ): LoveGuild {
    return {
      guildId: row.id,
      activityId: row.activity_id,
      name: row.name,
      gameId: row.game_id,
      gameName: gameNames.get(row.game_id) ?? '',
      serverName: row.server_name,
      logoImageId: row.logo_image_id,
      logoUrl: row.logo_image_id ? (logos.get(row.logo_image_id) ?? null) : null,
      supports: tally?.supports ?? 0,
      lastSupportAt: tally?.last_at ?? null,
      rank: 0,
    }
  }

  async function guildView(guildId: number): Promise<LoveGuild> {
    const row = await repo.guild(guildId)
    if (!row) throw notFound('公会不存在')
    const found = (await ranked(row.activity_id)).find((g) => g.guildId === guildId)
    return found!
  }

  async function activityOrThrow(activityId: number): Promise<ActivityRow> {
    const row = await repo.activity(activityId)
    if (!row) throw notFound('活动不存在')
    return row
  }

  /** The checked activity as stored (and as its log row shows it). */
  function checkActivity(body: LoveActivityBody) {
    if (body.title.trim() === '') throw badRequest('活动标题不能为空')
    if (body.endAt <= body.startAt) throw badRequest('结束时间必须晚于开始时间')
    if (body.endAt - body.startAt > LOVE_LIMITS.maxDays * DAY)
      throw badRequest(`活动时长不能超过 ${LOVE_LIMITS.maxDays} 天`)
    const prizes = body.prizes.map((p) => plainText(p).replace(/\n/g, ' ')).filter((p) => p !== '')
    return {
      title: body.title.trim(),
      start_at: body.startAt,
      end_at: body.endAt,
      rules: plainText(body.rules),
      prizes: JSON.stringify(prizes),
    }
  }

  async function checkGuild(actor: Actor, body: LoveGuildBody) {
    const name = body.name.trim()
    const serverName = body.serverName.trim()
    if (name === '') throw badRequest('公会名称不能为空')
    if (serverName === '') throw badRequest('区服不能为空')
    if ((await games.byIds([body.gameId])).length === 0) throw badRequest('游戏不存在')
    // a logo: the staff member's own upload through the image module, not used by a listing
    if (body.logoImageId) await images.attach(db, actor.userId, null, [body.logoImageId])
    return { name, game_id: body.gameId, server_name: serverName, logo_image_id: body.logoImageId ?? null }
  }

  /** The operation-log row of a staff change (module platform), written in the change's transaction. */
  const logChange = (trx: Db, actor: Actor, entry: Omit<OpEntry, 'actor' | 'module'>) =>
    record(trx, { actor, module: 'platform', ...entry })

  return {
    /** The running activity, else the next one, else the last that ended, with the ranked guilds. */
    async board(): Promise<LoveBoard> {
      const at = now()
      const row = (await repo.running(at)) ?? (await repo.upcoming(at)) ?? (await repo.ended(at))
      return {
        activity: row ? toActivity(row) : null,
        guilds: row ? await ranked(row.id) : [],
        serverNow: at,
        perDay: await perDay(),
      }
    },

    async mine(userId: number, activityId: number): Promise<LoveMine> {
      await activityOrThrow(activityId)
      const day = chinaDayStart(now())
      const [rows, verified, quota] = await Promise.all([
        repo.userDay(activityId, userId, day),
        isVerified(userId),
        perDay(),
      ])
      return {
        activityId,
        verified,
        supportedGuildIds: rows.map((r) => r.guild_id),
        usedToday: rows.length,
        perDay: quota,
      }
    },

    async support(userId: number, guildId: number, ip: string): Promise<LoveSupportResult> {
      const guild = await repo.guild(guildId)
      if (!guild) throw notFound('公会不存在')
      const activity = await activityOrThrow(guild.activity_id)
      const at = now()
      if (at < activity.start_at) throw badRequest('活动尚未开始，开始后才能助力')
      if (at >= activity.end_at) throw badRequest('活动已结束，不能再助力')
      if (!(await isVerified(userId))) throw realNameRequired('助力')
      const [quota, ipCap] = await Promise.all([perDay(), perIpDay()])
      const day = chinaDayStart(at)
      try {
        return await db.transaction().execute(async (trx) => {
          const tx = loveRepo(trx)
          const today = await tx.userDay(activity.id, userId, day)
          if (today.some((r) => r.guild_id === guildId)) throw badRequest('今天已为该公会助力过，明天再来吧')
          if (today.length >= quota) throw badRequest(`每天最多助力 ${quota} 次，今日次数已用完`)
          if ((await tx.ipDayCount(activity.id, ip, day)) >= ipCap)
            throw tooMany('当前网络今日助力次数已达上限，请明天再来')
          // the first free place in the day's quota; the unique index refuses a racing twin
          const used = new Set(today.map((r) => r.slot))
          let slot = 1
          while (used.has(slot)) slot++
          await tx.insertSupport({
            activity_id: activity.id,
            guild_id: guildId,
            user_id: userId,
            ip,
            day,
            slot,
            created_at: at,
          })
          return {
            guildId,
            supports: await tx.validSupportsOf(guildId),
            usedToday: today.length + 1,
            perDay: quota,
          }
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('助力太频繁，请刷新后再试')
        throw err
      }
    },

    async activities(page: LoveActivityListQuery): Promise<Page<LoveActivity>> {
      const { rows, total } = await repo.pageActivities(page)
      return { rows: rows.map(toActivity), total }
    },

    async guilds(activityId: number): Promise<LoveGuild[]> {
      await activityOrThrow(activityId)
      return ranked(activityId)
    },

    async supports(filter: LoveSupportListQuery): Promise<Page<LoveSupport>> {
      const { rows, total } = await repo.pageSupports(filter)
      return {
        rows: rows.map((r) => ({
          supportId: r.id,
          activityId: r.activity_id,
          guildId: r.guild_id,
          guildName: r.guild_name,
          userId: r.user_id,
          userName: r.user_name,
          ip: r.ip,
          createdAt: Number(r.created_at),
          voided: r.voided === 1,
          voidReason: r.void_reason,
          voidedAt: r.voided_at === null ? null : Number(r.voided_at),
        })),
        total,
      }
    },

    /** Staff actions: each change and its operation-log row (modules/oplog) in one transaction. */
    staff: {
      // op-log
      async addActivity(actor: Actor, body: LoveActivityBody): Promise<LoveActivity> {
        const row = checkActivity(body)
        const at = now()
        const id = await db.transaction().execute(async (trx) => {
          const newId = await loveRepo(trx).insertActivity({
            ...row,
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
          })
          await logChange(trx, actor, { action: 'loveActivityAdd', target: newId, after: row, at })
          return newId
        })
        return toActivity((await repo.activity(id))!)
      },

      // op-log
      async editActivity(actor: Actor, activityId: number, body: LoveActivityBody): Promise<LoveActivity> {
        const before = await activityOrThrow(activityId)
        const row = checkActivity(body)
        const at = now()
        await db.transaction().execute(async (trx) => {
          await loveRepo(trx).updateActivity(activityId, { ...row, updated_at: at })
          await logChange(trx, actor, {
            action: 'loveActivityEdit',
            target: activityId,
            before: {
              title: before.title,
              start_at: before.start_at,
              end_at: before.end_at,
              rules: before.rules,
              prizes: before.prizes,
            },
            after: row,
            at,
          })
        })
        return toActivity((await repo.activity(activityId))!)
      },

      // op-log
      async removeActivity(actor: Actor, activityId: number) {
        const before = await activityOrThrow(activityId)
        if ((await repo.supportCount({ activityId })) > 0) throw badRequest('活动已有助力记录，不能删除')
        await db.transaction().execute(async (trx) => {
          await loveRepo(trx).deleteActivity(activityId)
          await logChange(trx, actor, {
            action: 'loveActivityRemove',
            target: activityId,
            before: { title: before.title, start_at: before.start_at, end_at: before.end_at },
            at: now(),
          })
        })
        return { activityId }
      },

      // op-log
      async addGuild(actor: Actor, body: LoveGuildBody): Promise<LoveGuild> {
        await activityOrThrow(body.activityId)
        const row = { activity_id: body.activityId, ...(await checkGuild(actor, body)) }
        const at = now()
        const id = await db.transaction().execute(async (trx) => {
          const newId = await loveRepo(trx).insertGuild({ ...row, created_at: at, updated_at: at })
          await logChange(trx, actor, { action: 'loveGuildAdd', target: newId, after: row, at })
          return newId
        })
        return guildView(id)
      },

      // op-log
      async editGuild(actor: Actor, guildId: number, body: LoveGuildBody): Promise<LoveGuild> {
        const before = await repo.guild(guildId)
        if (!before) throw notFound('公会不存在')
        if (before.activity_id !== body.activityId) throw badRequest('公会不能移到其他活动')
        const row = await checkGuild(actor, body)
        const at = now()
        await db.transaction().execute(async (trx) => {
          await loveRepo(trx).updateGuild(guildId, { ...row, updated_at: at })
          await logChange(trx, actor, {
            action: 'loveGuildEdit',
            target: guildId,
            before: {
              name: before.name,
              game_id: before.game_id,
              server_name: before.server_name,
              logo_image_id: before.logo_image_id,
            },
            after: row,
            at,
          })
        })
        return guildView(guildId)
      },

      // op-log
      async removeGuild(actor: Actor, guildId: number) {
        const before = await repo.guild(guildId)
        if (!before) throw notFound('公会不存在')
        if ((await repo.supportCount({ guildId })) > 0) throw badRequest('公会已有助力记录，不能删除')
        await db.transaction().execute(async (trx) => {
          await loveRepo(trx).deleteGuild(guildId)
          await logChange(trx, actor, {
            action: 'loveGuildRemove',
            target: guildId,
            before: { activity_id: before.activity_id, name: before.name },
            at: now(),
          })
        })
        return { guildId }
      },

      /**
       * Voids the listed supports, or every valid support of one user or one address in an
       * activity; the reason is kept on each support and in the log row. Answers how many changed.
       */
      // op-log
      async voidSupports(actor: Actor, body: LoveVoidBody): Promise<{ voided: number }> {
        const reason = body.reason.trim()
        const byIds = body.supportIds !== undefined
        const byWho = [body.userId, body.ip].filter((v) => v !== undefined).length
        if (byIds === byWho > 0 || byWho > 1)
          throw badRequest('请指定要作废的助力记录，或指定活动及其中的一个用户或一个 IP')
        if (!byIds && !body.activityId) throw badRequest('按用户或 IP 作废时必须指定活动')
        if (body.activityId) await activityOrThrow(body.activityId)
        const match = byIds
          ? { supportIds: body.supportIds }
          : { activityId: body.activityId, userId: body.userId, ip: body.ip?.trim() }
        const at = now()
        return db.transaction().execute(async (trx) => {
          const tx = loveRepo(trx)
          const ids = await tx.validIds(match)
          if (ids.length === 0) throw badRequest('没有可作废的有效助力')
          await tx.voidIds(ids, reason, actor.userId, at)
          await logChange(trx, actor, {
            action: 'loveVoid',
            target: byIds
              ? ids.join(',').slice(0, 200)
              : body.userId
                ? `user:${body.userId}`
                : `ip:${body.ip?.trim()}`,
            before: { match },
            after: { voided: ids },
            detail: reason,
            at,
          })
          return { voided: ids.length }
        })
      },
    },
  }
}

export type LoveService = ReturnType<typeof loveService>
