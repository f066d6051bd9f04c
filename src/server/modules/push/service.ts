/**
 * Goods push: an ON_SALE listing of the caller goes to the top of its game's list (the 综合 sort:
 * push_at desc) for the chosen hours; a new push of a pushed listing starts now and adds its hours to
 * what is left. Each seller has a daily quota (sys_config goods.push.dailyQuota, default 5), counted
 * per China calendar day; the durations offered come from goods.push.hourOptions.
 */
import type { PushBody, PushQuota, PushRecord } from '../../../shared/api'
import type { Db, DbDialect } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest } from '../../http/errors'
import { GOODS_CONFIG_KEYS, type GoodsService } from '../goods/service'
import type { SystemService } from '../system/service'
import { pushRepo } from './repo'

const HOUR = 60 * 60 * 1000
const CHINA_OFFSET = 8 * HOUR
const DEFAULT_QUOTA = 5
const DEFAULT_HOURS = [2, 6, 12, 24]

/** YYYY-MM-DD of the instant in China (UTC+8, no daylight saving). */
export const chinaDay = (at: number) => new Date(at + CHINA_OFFSET).toISOString().slice(0, 10)

export function pushService(deps: {
  db: Db
  dialect: DbDialect
  goods: GoodsService
  system: SystemService
  now: () => number
}) {
  const { db, dialect, goods, system, now } = deps
  const repo = pushRepo(db, dialect)

  async function settings() {
    const quota = Number((await system.configValue(GOODS_CONFIG_KEYS.pushDailyQuota))?.trim())
    const hours = ((await system.configValue(GOODS_CONFIG_KEYS.pushHourOptions)) ?? '')
      .split(',')
      .map((h) => Number(h.trim()))
      .filter((h) => Number.isInteger(h) && h > 0 && h <= 168)
    return {
      dailyQuota: Number.isInteger(quota) && quota >= 0 ? quota : DEFAULT_QUOTA,
      hourOptions: hours.length > 0 ? hours : DEFAULT_HOURS,
    }
  }

  return {
    async quota(userId: number): Promise<PushQuota> {
      const { dailyQuota, hourOptions } = await settings()
      return { dailyQuota, hourOptions, usedToday: await repo.countOnDay(userId, chinaDay(now())) }
    },

    async push(userId: number, body: PushBody): Promise<PushRecord> {
      const { dailyQuota, hourOptions } = await settings()
      if (!hourOptions.includes(body.hours))
        throw badRequest(`推送时长只能选择 ${hourOptions.join('/')} 小时`)
      let record: PushRecord | null = null
      await db.transaction().execute(async (trx) => {
        const tx = pushRepo(trx, dialect)
        await tx.lockSeller(userId)
        const listing = await goods.owned(trx, userId, body.goodsId)
        if (listing.status !== 'ON_SALE') throw badRequest('只能推送在售的商品')
        const at = now()
        const day = chinaDay(at)
        if ((await tx.countOnDay(userId, day)) >= dailyQuota)
          throw badRequest(`今日推送次数已用完（每天 ${dailyQuota} 次），明天再来吧`)
        const end = Math.max(Number(listing.push_until), at) + body.hours * HOUR
        await goods.setPush(trx, listing.id, at, end)
        await tx.insert({
          goods_id: listing.id,
          seller_id: userId,
          hours: body.hours,
          start_at: at,
          end_at: end,
          day,
          created_at: at,
        })
        await goods.syncSearch(trx, listing.id)
        record = {
          pushId: 0,
          goodsId: listing.id,
          goodsTitle: listing.title,
          startAt: at,
          endAt: end,
          active: true,
        }
      })
      return record!
    },

    async list(userId: number, query: { pageNum?: number; pageSize?: number }): Promise<Page<PushRecord>> {
      const page = await repo.page(userId, query)
      const titles = await goods.titles(page.rows.map((r) => r.goods_id))
      const at = now()
      return {
        rows: page.rows.map((r) => ({
          pushId: r.id,
          goodsId: r.goods_id,
          goodsTitle: titles.get(r.goods_id) ?? '',
          startAt: Number(r.start_at),
          endAt: Number(r.end_at),
          active: Number(r.end_at) > at,
        })),
        total: Number(page.total),
      }
    },
  }
}

export type PushService = ReturnType<typeof pushService>
