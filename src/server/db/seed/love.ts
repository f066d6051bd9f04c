/**
 * 公会助力 (docs/platform-pages.md). Base: the two parameters (daily supports per user, per address)
 * and the dictionaries (its console page is a record of src/shared/pages/console.ts). Demo: one running activity with four guilds and a few
 * supports of the demo users on earlier days (today's quota stays whole for trying it out).
 */
import {
  LOVE_CONFIG_KEYS,
  LOVE_DEFAULTS,
  LOVE_DICTS,
  LOVE_STATUS_LABELS,
  LOVE_SUPPORT_STATES,
} from '../../../shared/api/love'
import type { Db } from '../index'
import { labelDict, type SeedReference } from './console'

const DAY = 24 * 60 * 60 * 1000
const CHINA_OFFSET = 8 * 60 * 60 * 1000
const dayStart = (at: number) => Math.floor((at + CHINA_OFFSET) / DAY) * DAY - CHINA_OFFSET

export const DEMO_LOVE_GUILDS: Array<[string, string, string]> = [
  ['龙腾天下', '王者荣耀', '安卓QQ区'],
  ['星辰公会', '原神', '天空岛'],
  ['逐风者联盟', '英雄联盟', '艾欧尼亚'],
  ['凌霄阁', '王者荣耀', '苹果微信区'],
]

/** The reference data of 公会助力 (reconciled at every start: reference.ts). */
export const LOVE_REFERENCE: SeedReference = {
  dicts: {
    [LOVE_DICTS.activityStatus]: labelDict(LOVE_STATUS_LABELS, {
      UPCOMING: 'primary',
      RUNNING: 'success',
      ENDED: 'info',
    }),
    [LOVE_DICTS.supportState]: [
      [LOVE_SUPPORT_STATES.valid, '有效', 'success'],
      [LOVE_SUPPORT_STATES.voided, '已作废', 'danger'],
    ],
  },
  configs: [
    [LOVE_CONFIG_KEYS.perDay, String(LOVE_DEFAULTS.perDay), '公会助力-每人每日助力次数'],
    [LOVE_CONFIG_KEYS.perIpDay, String(LOVE_DEFAULTS.perIpDay), '公会助力-每个 IP 每日助力次数'],
  ],
}

export async function seedLoveDemo(db: Db, now: number) {
  const games = await db.selectFrom('games').select(['id', 'name_cn']).execute()
  const guilds = DEMO_LOVE_GUILDS.flatMap(([name, game, server]) => {
    const gameId = games.find((g) => g.name_cn === game)?.id
    return gameId === undefined ? [] : [{ name, gameId, server }]
  })
  if (guilds.length === 0) return
  const start = dayStart(now) - 3 * DAY
  await db.transaction().execute(async (trx) => {
    const { id: activityId } = await trx
      .insertInto('love_activities')
      .values({
        title: '第一届公会荣耀助力赛',
        start_at: start,
        end_at: start + 14 * DAY,
        rules: [
          '活动期间，完成实名认证的用户每天可为喜欢的公会助力，每人每天最多助力 3 次，同一公会每天只能助力 1 次。',
          '排行榜按有效助力数排名，助力数相同时先达到的公会排名靠前。',
          '严禁使用小号、脚本等方式刷票，平台将作废异常助力，情节严重的取消公会评奖资格。',
        ].join('\n\n'),
        prizes: JSON.stringify([
          '冠军公会：平台交易手续费券 500 元 + 定制公会旗帜',
          '亚军公会：手续费券 300 元',
          '季军公会：手续费券 100 元',
        ]),
        created_by: null,
        created_at: start - DAY,
        updated_at: start - DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const ids: number[] = []
    for (const g of guilds) {
      const { id } = await trx
        .insertInto('love_guilds')
        .values({
          activity_id: activityId,
          name: g.name,
          game_id: g.gameId,
          server_name: g.server,
          logo_image_id: null,
          created_at: start - DAY,
          updated_at: start - DAY,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(id)
    }
    const users = await trx
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('user_name', 'in', ['buyer', 'seller'])
      .execute()
    const userId = (name: string) => users.find((u) => u.user_name === name)?.id
    // [user, days ago, guild indexes]: the first guild leads, the 2nd and 3rd tie, the 4th has none
    const plan: Array<[string, number, number[]]> = [
      ['buyer', 2, [0, 1, 2]],
      ['buyer', 1, [0, 1]],
      ['seller', 2, [0, 2]],
      ['seller', 1, [0]],
    ]
    const rows = plan.flatMap(([user, daysAgo, guildIndexes]) => {
      const uid = userId(user)
      if (uid === undefined) return []
      const day = dayStart(now) - daysAgo * DAY
      return guildIndexes
        .filter((i) => ids[i] !== undefined)
        .map((i, n) => ({
          activity_id: activityId,
          guild_id: ids[i],
          user_id: uid,
          ip: '127.0.0.1',
          day,
          slot: n + 1,
          created_at: day + (10 + n) * 60 * 60 * 1000 + (user === 'buyer' ? 0 : 60_000),
        }))
    })
    if (rows.length > 0) await trx.insertInto('love_supports').values(rows).execute()
  })
}
