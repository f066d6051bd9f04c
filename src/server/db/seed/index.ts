/**
 * The first data of a new database, right after the first migration: seedBase always (what the
 * product needs to work), seedDemo unless SEED_DEMO=0 (accounts, games, listings, trades, messages).
 * The reference data within seedBase is reconciled at every later start too (reference.ts).
 */
import { HELP_LINKS } from '../../../shared/help-links'
import { ROLE_ADMIN, SITE_NAME } from '../../../shared/constants'
import { hashPassword } from '../../modules/auth/password'
import { ROLE_COMMON } from '../../modules/auth/service'
import type { Db, DbDialect } from '../index'
import { ANNOUNCEMENTS, HELP_TEXTS, type SeedNotice } from './notices'
import { GAMES, gameIcon } from './games'
import { insertGameConfigs, seedCatalogue } from './goods'
import type { Keys } from '../../keys'
import { seedTrade } from './trade'
import { seedProtectionDemo } from './protection'
import { seedAiWords } from './ai'
import { seedIdentity } from './identity'
import { insertDemoAccount, seedConsoleDemo } from './console'
import { seedPlatformDemo } from './platform'
import { seedLoveDemo } from './love'
import { reconcileReference, type ReconcileSummary } from './reference'
import { recountUnread } from '../../modules/message/repo'

const DAY = 24 * 60 * 60 * 1000

/** A seeded notice as stored: published (status 0) `daysAgo` days before `now`, paragraphs apart. */
const noticeRow = (n: SeedNotice, now: number) => ({
  id: n.noticeId,
  notice_type: n.noticeType,
  title: n.title,
  content: n.paragraphs.join('\n\n'),
  status: '0',
  created_at: now - n.daysAgo * DAY,
  updated_at: now - n.daysAgo * DAY,
})

export const DEMO_ACCOUNTS = [
  { userName: 'buyer', password: 'Buyer@123', nickName: '买家小王', role: ROLE_COMMON, phone: '13800138001' },
  {
    userName: 'seller',
    password: 'Seller@123',
    nickName: '卖家老李',
    role: ROLE_COMMON,
    phone: '13900139002',
  },
  { userName: 'admin', password: 'Admin@123', nickName: '平台管理员', role: ROLE_ADMIN, phone: '' },
] as const

/**
 * What every new database needs to work (always, SEED_DEMO or not): the reference data (roles and
 * their grants, menus, dictionaries, parameters: reference.ts, reconciled again at every later start),
 * the help notices behind the footer links and the starting blocked words of AI drawing.
 */
export async function seedBase(db: Db, now: number): Promise<ReconcileSummary> {
  const summary = await reconcileReference(db)
  const helpNotices: SeedNotice[] = HELP_LINKS.map((link) => {
    const paragraphs = HELP_TEXTS[link.noticeId]
    if (!paragraphs) throw new Error(`no help text for notice ${link.noticeId}`)
    return {
      noticeId: link.noticeId,
      noticeType: link.noticeType,
      title: link.title,
      paragraphs,
      daysAgo: 60,
    }
  })
  // a second process starting on the same new database at once may have written them already
  await db
    .insertInto('notices')
    .values(helpNotices.map((n) => noticeRow(n, now)))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await seedAiWords(db, now)
  return summary
}

/**
 * Demo data (SEED_DEMO=1), after seedBase: the demo accounts, games, announcements, messages, and
 * with `catalogue` (where listing screenshots and keys go, and the dialect) listings and trades.
 */
export async function seedDemo(
  db: Db,
  now: number,
  catalogue?: { dataDir: string; dialect: DbDialect; uploadDir?: string; keys: Keys },
) {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)))
  await db.transaction().execute(async (trx) => {
    const users: Record<string, number> = {}
    for (const [i, account] of DEMO_ACCOUNTS.entries())
      users[account.userName] = await insertDemoAccount(trx, account, hashes[i]!, now)

    for (const [i, game] of GAMES.entries()) {
      const { id: gameId } = await trx
        .insertInto('games')
        .values({
          name_cn: game.nameCn,
          name_en: game.nameEn,
          initial: game.initial,
          icon: gameIcon(game),
          platforms: JSON.stringify(game.platforms),
          hot: game.hot ? 1 : 0,
          sort: i + 1,
          description: game.description,
          status: '0',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const [a, area] of game.areas.entries()) {
        const { id: areaId } = await trx
          .insertInto('game_servers')
          .values({ game_id: gameId, parent_id: null, name: area.name, platform: area.platform, sort: a + 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('game_servers')
          .values(
            area.servers.map((name, s) => ({
              game_id: gameId,
              parent_id: areaId,
              name,
              platform: area.platform,
              sort: s + 1,
            })),
          )
          .execute()
      }
    }

    await trx
      .insertInto('notices')
      .values(ANNOUNCEMENTS.map((n) => noticeRow(n, now)))
      .execute()

    const message = (
      user: string,
      title: string,
      content: string,
      type: 'SYSTEM' | 'ORDER',
      read: boolean,
      hoursAgo: number,
    ) => ({
      user_id: users[user],
      title,
      content,
      message_type: type,
      is_read: read ? 1 : 0,
      deleted: 0,
      created_at: now - hoursAgo * 60 * 60 * 1000,
    })
    await trx
      .insertInto('web_messages')
      .values([
        message(
          'buyer',
          `欢迎加入${SITE_NAME}`,
          `感谢您注册${SITE_NAME}。交易前请阅读《买家协议》，所有订单均由平台担保，请勿私下交易。`,
          'SYSTEM',
          true,
          720,
        ),
        message(
          'buyer',
          '账户安全提醒',
          '您的账户尚未设置支付密码，为保障资金安全，请尽快在“账户设置 - 支付密码”中完成设置。',
          'SYSTEM',
          false,
          48,
        ),
        message(
          'buyer',
          '订单支付成功',
          '您购买的《原神》天空岛 五星角色账号已支付成功，卖家正在交付，请留意订单进度。',
          'ORDER',
          false,
          5,
        ),
        message(
          'buyer',
          '卖家已交付，请确认收货',
          '您的订单 YX202405180001 卖家已完成交付，请登录游戏核对后确认收货。',
          'ORDER',
          false,
          2,
        ),
        message(
          'seller',
          '商品审核通过',
          '您发布的《王者荣耀》安卓QQ区 荣耀王者账号已通过审核，现已上架出售。',
          'SYSTEM',
          false,
          26,
        ),
        message(
          'seller',
          '您有新的订单',
          '买家已支付订单 YX202405180001，请尽快完成交付。',
          'ORDER',
          false,
          5,
        ),
      ])
      .execute()
    await recountUnread(trx)

    await trx
      .insertInto('warrant_messages')
      .values({
        order_no: 'YX202405180001',
        sender_id: users.buyer,
        recipient_id: users.seller,
        content: '您好，账号大概什么时候可以交付？我晚上八点后都在线。',
        created_at: now - 60 * 60 * 1000,
        read_at: null,
      })
      .execute()
  })

  // listing configs of the games; with a data directory also demo listings with screenshots
  const deals = catalogue ? await seedCatalogue(db, now, catalogue) : []
  if (!catalogue) await insertGameConfigs(db, now)
  // trading: wallets through real ledger rows, payment passwords, a few settled orders and the
  // sales of the comparable accounts
  await seedTrade(db, now, deals)
  // 包赔 on some on-sale accounts (the badge, the filter, 额外包赔 at checkout)
  await seedProtectionDemo(db, now)
  if (catalogue) await seedIdentity(db, now, catalogue.keys)
  await seedConsoleDemo(db, now)
  await seedPlatformDemo(db, now)
  await seedLoveDemo(db, now)
}
