/**
 * Seed rows of the platform pages: the feedback types (base: the form needs them), demo official
 * customer-service contacts and demo game guides (游戏攻略). See docs/platform-pages.md, docs/platform-pages.md.
 */
import { FEEDBACK_DICT, normalizeContact, type CsChannel } from '../../../shared/api'
import type { Db } from '../index'
import type { SeedReference } from './console'

const DAY = 24 * 60 * 60 * 1000

export const FEEDBACK_TYPES: Array<[string, string]> = [
  ['SUGGESTION', '功能建议'],
  ['BUG', '页面问题'],
  ['TRADE', '交易问题'],
  ['COMPLAINT', '投诉举报'],
  ['OTHER', '其他'],
]

/** Demo official contacts: [channel, value as typed, public name, retired]. */
export const DEMO_CS_CONTACTS: Array<[CsChannel, string, string, boolean]> = [
  ['QQ', '800012345', '客服小易', false],
  ['WECHAT', 'YouXiaYiShi_KF01', '客服小易', false],
  ['PHONE', '400-800-1234', '客服热线', false],
  ['EMAIL', 'Service@youxia.example.com', '客服邮箱', false],
  ['QQ', '800054321', '客服小侠（已离职）', true],
]

/** Demo guides: [id, game name, title, paragraphs, days ago]. */
const DEMO_GUIDES: Array<[number, string, string, string[], number]> = [
  [
    201,
    '王者荣耀',
    '王者荣耀：买号前必看的五项检查',
    [
      '购买王者荣耀账号前，请先确认账号所在区服（安卓QQ、安卓微信、苹果QQ、苹果微信）与您的设备一致，不同系统的账号数据不互通。',
      '核对商品详情中的英雄数量、皮肤数量与截图是否一致；贵重皮肤可以请卖家在担保订单中补充截图。',
      '确认账号是否已实名、是否绑定了卖家的手机和身份证，交付时需要完成换绑。',
      '所有付款请在平台下单，货款由平台担保，确认收货后才会支付给卖家。',
    ],
    3,
  ],
  [
    202,
    '原神',
    '原神：如何判断一个初始号值不值得买',
    [
      '初始号的价值主要看五星角色与武器，优先选择限定角色多、命座高的账号。',
      '注意查看账号的冒险等级与世界等级，高世界等级意味着更好的掉落，但也更难。',
      '交易前请确认账号绑定的邮箱与手机可以换绑，米哈游通行证的换绑规则以官方为准。',
    ],
    5,
  ],
  [
    203,
    '英雄联盟',
    '英雄联盟：段位号交易注意事项',
    [
      '段位号请以游戏内实时段位为准，截图可能过期，购买前可以请卖家更新截图。',
      '注意账号的信誉分与封禁记录，有封禁记录的账号可能影响排位。',
      '交付完成后请立即修改密码与密保，确认无误后再点击确认收货。',
    ],
    8,
  ],
]

/** The reference data of the platform pages (reconciled at every start: reference.ts). */
export const PLATFORM_REFERENCE: SeedReference = {
  dicts: { [FEEDBACK_DICT]: FEEDBACK_TYPES.map(([value, label]) => [value, label, ''] as const) },
  configs: [],
}

export async function seedPlatformDemo(db: Db, now: number) {
  await db
    .insertInto('cs_contacts')
    .values(
      DEMO_CS_CONTACTS.map(([channel, raw, name, retired], i) => ({
        channel,
        value: normalizeContact(channel, raw)!,
        staff_name: name,
        remark: '演示数据',
        status: retired ? 'RETIRED' : 'ACTIVE',
        retired_at: retired ? now - 10 * DAY : null,
        created_by: null,
        created_at: now - (60 - i) * DAY,
        updated_at: now - (60 - i) * DAY,
      })),
    )
    .execute()
  const games = await db.selectFrom('games').select(['id', 'name_cn']).execute()
  const guides = DEMO_GUIDES.flatMap(([id, game, title, paragraphs, daysAgo]) => {
    const gameId = games.find((g) => g.name_cn === game)?.id
    return gameId === undefined
      ? []
      : [
          {
            id,
            notice_type: 'GUIDE' as const,
            title,
            content: paragraphs.join('\n\n'),
            status: '0',
            game_id: gameId,
            created_at: now - daysAgo * DAY,
            updated_at: now - daysAgo * DAY,
          },
        ]
  })
  if (guides.length > 0) await db.insertInto('notices').values(guides).execute()
}
