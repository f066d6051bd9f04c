/**
 * Catalogue demo data: listing configs for every game (also used by the search benchmark), and for
 * demo databases ~60 listings of the demo seller spread over games, servers, types and prices, with
 * generated screenshots (watermarked like uploads), some pushed, a few followed by the demo buyer
 * and a few with delivery accounts. Listings are checked by the same validator as publish.
 *
 * Long (~480 lines) because it is data: the demo listings, their attributes and screenshots, and the
 * comparable sold accounts of docs/valuation.md; splitting it would scatter one catalogue.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import type { Attributes, GoodsStatus, GoodsType, TransferField } from '../../../shared/api'
import { SITE_NAME } from '../../../shared/constants'
import { deliveryKeyRing, fieldCipher } from '../../modules/delivery/crypto'
import { gameService, type GameRules } from '../../modules/game/service'
import { goodsRepo } from '../../modules/goods/repo'
import { ftsDocument } from '../../modules/goods/search-text'
import { checkListing, filterPairs, listingColumns, type ValidListing } from '../../modules/goods/validate'
import { processImage, type ProcessedImage } from '../../modules/image/service'
import type { Db, DbDialect } from '../index'
import type { Keys } from '../../keys'
import { FALLBACK_GAME_CONFIG, GAME_CONFIGS } from './game-configs'
import { GAMES } from './games'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** Inserts the listing config of every game that has none yet. */
export async function insertGameConfigs(db: Db, now: number) {
  const games = await db.selectFrom('games').select(['id', 'name_cn']).execute()
  const have = new Set(
    (await db.selectFrom('game_configs').select('game_id').execute()).map((r) => r.game_id),
  )
  const rows = games
    .filter((g) => !have.has(g.id))
    .map((g) => {
      const config = GAME_CONFIGS[g.name_cn] ?? FALLBACK_GAME_CONFIG
      return {
        game_id: g.id,
        goods_types: JSON.stringify(config.goodsTypes),
        transfer_fields: JSON.stringify(config.transfer),
        protection_days: config.protectionDays,
        updated_at: now,
      }
    })
  if (rows.length > 0) await db.insertInto('game_configs').values(rows).execute()
}

// ------------------------------------------------------------------------------------------ listings

/** A small deterministic generator, so every demo database looks the same. */
function prng(seed: number) {
  let s = seed >>> 0
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 0x100000000
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    some: <T>(list: readonly T[], n: number): T[] => [...list].sort(() => next() - 0.5).slice(0, n),
  }
}
type Rand = ReturnType<typeof prng>

interface DemoListing {
  goodsType: GoodsType
  title: string
  description: string
  /** fen */
  price: number
  stock: number
  attributes: Attributes
}

const SELL_POINTS = ['可换绑', '秒发货', '包售后', '支持验号', '诚心出售', '可小刀', '安全可靠', '非黑号']

function opt(rules: GameRules, type: GoodsType, key: string): string[] {
  return (
    rules.config.goodsTypes.find((t) => t.goodsType === type)?.attributes.find((a) => a.key === key)
      ?.options ?? []
  )
}

/** The first three attribute values of an account, as a title shows them. */
function accountHighlights(rules: GameRules, attributes: Attributes): string[] {
  const fields = rules.config.goodsTypes.find((t) => t.goodsType === 'ACCOUNT')?.attributes ?? []
  return Object.entries(attributes)
    .filter(([, v]) => typeof v !== 'boolean')
    .slice(0, 3)
    .map(([k, v]) => {
      if (Array.isArray(v)) return v.join('')
      if (typeof v !== 'number') return String(v)
      const unit = fields.find((f) => f.key === k)?.unit ?? ''
      return k.endsWith('数量') ? `${v}${unit}${k.slice(0, -2)}` : `${k}${v}${unit}`
    })
}

/** A believable listing of the game and type (attributes within the game's config). */
function makeListing(rules: GameRules, type: GoodsType, r: Rand): DemoListing {
  const name = rules.game.nameCn
  const point = r.pick(SELL_POINTS)
  const yuan = (min: number, max: number) => r.int(min, max) * 100
  if (type === 'RECHARGE') {
    const amount = r.pick(opt(rules, type, '充值面额'))
    const face = Number(/\d+/.exec(amount)?.[0] ?? 60)
    return {
      goodsType: type,
      title: `${name} ${amount} 官方代充 ${r.pick(['10分钟到账', '安全不封号', '支持全区'])}`,
      description: `${name}官方渠道代充 ${amount}，下单后提供游戏内角色名与区服，客服 10:00-22:30 在线处理，超时未到账全额退款。`,
      price: Math.round(face * r.int(88, 96)),
      stock: r.int(20, 500),
      attributes: { 充值面额: amount, 到账时间: r.pick(opt(rules, type, '到账时间')) },
    }
  }
  if (type === 'COIN') {
    const fields = rules.config.goodsTypes.find((t) => t.goodsType === 'COIN')!.attributes
    const unit = fields.find((f) => f.key === '数量')?.unit ?? ''
    const amount = r.pick([500, 1000, 2000, 5000, 10000])
    return {
      goodsType: type,
      title: `${name} ${amount}${unit} ${r.pick(['邮寄交易', '面对面交易', '拍卖行交易'])} ${point}`,
      description: `${amount}${unit}，库存充足，下单后请在订单留言中填写收货角色名，一般 30 分钟内发货。`,
      price: Math.round(amount * r.int(8, 30)),
      stock: r.int(5, 200),
      attributes: { 数量: amount },
    }
  }
  if (type === 'ITEM') {
    const kind = r.pick(opt(rules, type, '道具类型'))
    const itemName = r.pick(['极品召唤兽', '160级武器', '五级宝石', '限定时装', '稀有坐骑', '英雄级武器'])
    return {
      goodsType: type,
      title: `${name} ${itemName} ${kind} ${point}`,
      description: `${itemName}（${kind}），属性见截图，可先验货再交易。`,
      price: yuan(50, 3000),
      stock: r.int(1, 5),
      attributes: { 道具名称: itemName, 道具类型: kind, 数量: 1 },
    }
  }
  // accounts: every game's fields, filled in the game's own words
  const fields = rules.config.goodsTypes.find((t) => t.goodsType === 'ACCOUNT')!.attributes
  const attributes: Attributes = {}
  for (const f of fields) {
    if (!f.required && r.next() < 0.3) continue
    if (f.kind === 'select') attributes[f.key] = r.pick(f.options ?? [])
    else if (f.kind === 'multiselect') attributes[f.key] = r.some(f.options ?? [], r.int(1, 3))
    else if (f.kind === 'boolean') attributes[f.key] = r.next() < 0.7
    else if (f.kind === 'number')
      attributes[f.key] = r.int(Math.max(f.min ?? 0, Math.floor((f.max ?? 100) * 0.3)), f.max ?? 100)
    else attributes[f.key] = '见描述'
  }
  const highlights = accountHighlights(rules, attributes)
  return {
    goodsType: 'ACCOUNT',
    title: `${name} ${highlights.join(' ')} ${point}`.slice(0, 60),
    description: [
      `${name}账号，${highlights.join('，')}。`,
      '本人自用号，无违规记录，绑定信息齐全，成交后配合换绑，可先验号。',
      '价格可小刀，诚心要的直接拍，非诚勿扰。',
    ].join('\n'),
    price: yuan(80, 20000),
    stock: 1,
    attributes,
  }
}

// ------------------------------------------------------------------------------------------ images

const renders = new Map<string, Promise<ProcessedImage>>()

/** A placeholder screenshot of a game (rendered once per process, then written per listing). */
function screenshot(gameName: string, color: string, variant: number): Promise<ProcessedImage> {
  const key = `${gameName}:${variant}`
  let image = renders.get(key)
  if (!image) {
    const label = ['账号资产截图', '仓库与皮肤截图'][variant] ?? '游戏截图'
    const blocks = Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="${60 + (i % 4) * 215}" y="${250 + Math.floor(i / 4) * 120}" width="190" height="100" rx="12" fill="#ffffff" fill-opacity="${0.12 + (i % 3) * 0.05}"/>`,
    ).join('')
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#101828"/></linearGradient></defs>
  <rect width="960" height="540" fill="url(#g)"/>
  <text x="60" y="120" font-family="'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif" font-size="64" font-weight="bold" fill="#ffffff">${gameName}</text>
  <text x="62" y="180" font-family="'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.8">${label} · ${SITE_NAME} 示例图</text>
  ${blocks}
</svg>`
    image = sharp(Buffer.from(svg))
      .png()
      .toBuffer()
      .then((png) => processImage(png))
    renders.set(key, image)
  }
  return image
}

// ------------------------------------------------------------------------------------------ seed

export interface SeedCatalogueOptions {
  dataDir: string
  dialect: DbDialect
  /** where the screenshots go (default DATA_DIR/uploads) */
  uploadDir?: string
  /** the secrets (the delivery accounts' key) */
  keys: Keys
}

const DEMO_LISTINGS = 60

/** Mostly on sale; a few off the shelf, sold and in review, spread over the games. */
const statusOf = (n: number): GoodsStatus =>
  n % 30 === 29 ? 'AUDITING' : n % 20 === 13 ? 'SOLD' : n % 10 === 7 ? 'OFF_SHELF' : 'ON_SALE'

/** A seeded sale of a comparable account: the listing (SOLD) and when the buyer paid. */
export interface ComparableDeal {
  goodsId: number
  paidAt: number
}

/** games (in their order) whose first on-sale account gets comparable deals, and how many each */
const COMPARABLE_GAMES = 4
const DEALS_PER_SUBJECT = 5

/** Seeds the catalogue; answers the comparable deals it created (seedTrade sells them). */
export async function seedCatalogue(
  db: Db,
  now: number,
  opts: SeedCatalogueOptions,
): Promise<ComparableDeal[]> {
  await insertGameConfigs(db, now)
  const users = await db.selectFrom('users').select(['id', 'user_name']).execute()
  const seller = users.find((u) => u.user_name === 'seller')
  const buyer = users.find((u) => u.user_name === 'buyer')
  if (!seller || !buyer) return []

  const gameRows = await db.selectFrom('games').select(['id', 'name_cn']).orderBy('sort').execute()
  const games = gameService(db, () => now)
  const r = prng(20240518)
  const uploads = opts.uploadDir ?? join(opts.dataDir, 'uploads')
  await mkdir(uploads, { recursive: true })

  // listings per game: popular games get more
  const plan: Array<{ gameId: number; type: GoodsType }> = []
  for (const [i, g] of gameRows.entries()) {
    const rules = await games.rules(g.id)
    const others = rules.config.goodsTypes.map((t) => t.goodsType).filter((t) => t !== 'ACCOUNT')
    const count = i < 3 ? 9 : i < 6 ? 6 : 4
    const accounts = count - others.length
    for (let k = 0; k < count; k++)
      plan.push({ gameId: g.id, type: k < accounts ? 'ACCOUNT' : others[k - accounts] })
  }

  const cipher = fieldCipher(deliveryKeyRing(opts.keys))
  const created: Array<{
    id: number
    status: GoodsStatus
    price: number
    type: GoodsType
    gameId: number
    listing: ValidListing
    createdAt: number
  }> = []
  const deals: ComparableDeal[] = []
  await db.transaction().execute(async (trx) => {
    const repo = goodsRepo(trx, opts.dialect)
    // screenshots: two per listing, copies of the game's rendered placeholders
    const addScreenshots = async (id: number, gameName: string, color: string, createdAt: number) => {
      const imageIds: string[] = []
      for (const variant of [0, 1]) {
        const image = await screenshot(gameName, color, variant)
        const imageId = randomBytes(16).toString('hex')
        await writeFile(join(uploads, `${imageId}.jpg`), image.full)
        await writeFile(join(uploads, `${imageId}_t.jpg`), image.thumb)
        await trx
          .insertInto('goods_images')
          .values({
            id: imageId,
            owner_id: seller.id,
            goods_id: id,
            sort: variant,
            width: image.width,
            height: image.height,
            thumb_width: image.thumbWidth,
            thumb_height: image.thumbHeight,
            bytes: image.full.length,
            created_at: createdAt,
          })
          .execute()
        imageIds.push(imageId)
      }
      await repo.update(id, { cover_image: imageIds[0] })
    }
    for (const [n, item] of plan.slice(0, DEMO_LISTINGS).entries()) {
      const rules = await games.rules(item.gameId)
      const color = GAMES.find((g) => g.nameCn === rules.game.nameCn)?.color ?? '#1890ff'
      const demo = makeListing(rules, item.type, r)
      const area = rules.areas.length > 0 ? r.pick(rules.areas) : undefined
      const server = area && area.children.length > 0 ? r.pick(area.children) : undefined
      const checked = checkListing(
        { ...demo, gameId: item.gameId, areaId: area?.serverId, serverId: server?.serverId, imageIds: [] },
        rules,
        // the demo screenshots are drawn and attached below
        { screenshotsLater: true },
      )
      if (!checked.ok) throw new Error(`demo listing ${demo.title}: ${checked.errors.join('; ')}`)
      const listing = checked.listing
      const status = statusOf(n)
      const createdAt = now - (plan.length - n) * 5 * HOUR - r.int(0, 4 * HOUR)
      const pushed = status === 'ON_SALE' && [2, 18, 34].includes(n)
      const id = await repo.insert(
        {
          seller_id: seller.id,
          ...listingColumns(listing),
          status,
          cover_image: null,
          view_count: r.int(5, 900),
          follow_count: 0,
          push_at: pushed ? now - HOUR : 0,
          push_until: pushed ? now + r.pick([2, 6, 12, 24]) * HOUR : 0,
          audit_remark: '',
          created_at: createdAt,
          updated_at: createdAt,
          on_sale_at: status === 'AUDITING' ? null : createdAt,
          sold_at: status === 'SOLD' ? now - r.int(1, 5) * DAY : null,
          deleted_at: null,
        },
        listing.description,
      )

      await addScreenshots(id, rules.game.nameCn, color, createdAt)

      if (status === 'ON_SALE') {
        const fields = rules.config.goodsTypes.find((t) => t.goodsType === listing.goodsType)!.attributes
        await repo.replaceSearchEntry(id, {
          goodsId: id,
          gameId: listing.gameId,
          goodsType: listing.goodsType,
          serverId: listing.serverId,
          pushAt: pushed ? now - HOUR : 0,
          price: listing.price,
          pairs: filterPairs(fields, listing.attributes),
          ftsText: ftsDocument(listing.title, { ...listing }),
        })
      }
      if (pushed) {
        await trx
          .insertInto('goods_pushes')
          .values({
            goods_id: id,
            seller_id: seller.id,
            hours: 24,
            start_at: now - HOUR,
            end_at: now + 23 * HOUR,
            day: new Date(now - HOUR + 8 * HOUR).toISOString().slice(0, 10),
            created_at: now - HOUR,
          })
          .execute()
      }
      created.push({
        id,
        status,
        price: listing.price,
        type: listing.goodsType,
        gameId: listing.gameId,
        listing,
        createdAt,
      })
    }

    // comparable deals (issue 33, docs/valuation.md "Demo data"): for the first on-sale account with
    // a server of each of the first games, DEALS_PER_SUBJECT accounts like it (same server, same
    // attributes) sold in the last three weeks around its price, so valuation and 同类成交价 show on
    // a fresh demo. Their own generator: the listings above stay as they were. seedTrade writes the
    // orders and ledger rows of these sales, at `paidAt`.
    const d = prng(20261128)
    const subjects = gameRows.slice(0, COMPARABLE_GAMES).flatMap((g) => {
      const first = created.find(
        (c) => c.gameId === g.id && c.type === 'ACCOUNT' && c.status === 'ON_SALE' && c.listing.serverId,
      )
      return first ? [first] : []
    })
    for (const subject of subjects) {
      const rules = await games.rules(subject.gameId)
      const color = GAMES.find((g) => g.nameCn === rules.game.nameCn)?.color ?? '#1890ff'
      for (let k = 0; k < DEALS_PER_SUBJECT; k++) {
        const paidAt = now - (23 - k * 5) * DAY - d.int(0, 12) * HOUR
        const createdAt = paidAt - d.int(2, 6) * DAY
        // between 15 % below and 20 % above the subject's price, to the yuan
        const price = Math.max(100, Math.round((subject.price * d.int(85, 120)) / 100 / 100) * 100)
        const title =
          `${rules.game.nameCn} ${accountHighlights(rules, subject.listing.attributes).join(' ')} ${d.pick(SELL_POINTS)}`.slice(
            0,
            60,
          )
        const id = await repo.insert(
          {
            seller_id: seller.id,
            ...listingColumns({ ...subject.listing, title, price }),
            status: 'SOLD',
            cover_image: null,
            view_count: d.int(20, 400),
            follow_count: 0,
            push_at: 0,
            push_until: 0,
            audit_remark: '',
            created_at: createdAt,
            updated_at: paidAt,
            on_sale_at: createdAt,
            sold_at: paidAt,
            deleted_at: null,
          },
          subject.listing.description,
        )
        await addScreenshots(id, rules.game.nameCn, color, createdAt)
        deals.push({ goodsId: id, paidAt })
      }
    }

    // the buyer follows a few listings, some followed when they were dearer
    const followed = created.filter((c) => c.status === 'ON_SALE').filter((_, i) => i % 9 === 1)
    for (const [i, c] of followed.entries()) {
      await trx
        .insertInto('goods_follows')
        .values({
          user_id: buyer.id,
          goods_id: c.id,
          price_at_follow: i % 2 === 0 ? c.price + Math.round(c.price * 0.1) : c.price,
          created_at: now - (i + 1) * DAY,
        })
        .execute()
      await repo.addFollowCount(c.id, 1)
    }

    // delivery accounts of a few account listings
    const accounts = created.filter((c) => c.type === 'ACCOUNT' && c.status !== 'SOLD').slice(0, 4)
    for (const [i, c] of accounts.entries()) {
      const rules = await games.rules(c.gameId)
      const values: Record<string, string> = {}
      for (const f of rules.transfer.fields) {
        if (!f.required) continue
        values[f.key] = demoTransferValue(f, i)
      }
      const sealed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, cipher.encrypt(v, `delivery:${c.id}:${k}`)]),
      )
      await trx
        .insertInto('goods_delivery_accounts')
        .values({
          goods_id: c.id,
          seller_id: seller.id,
          fields_enc: JSON.stringify(sealed),
          created_at: now,
          updated_at: now,
        })
        .execute()
    }
  })
  return deals
}

/** A plausible value of a transfer field for the demo delivery accounts (valid for its kind). */
export function demoTransferValue(f: TransferField, i: number): string {
  switch (f.kind) {
    case 'phone':
      return `1390013${String(9100 + i).padStart(4, '0')}`
    case 'password':
      return `Demo#${8800 + i}pw`
    case 'email':
      return `demo.seller${i + 1}@example.com`
    case 'qq':
      return String(20_000_001 + i)
    case 'idcard':
      return '11010519491231002X'
    case 'name':
      return '李演示'
    default:
      return `demo_seller_${i + 1}`
  }
}
