/**
 * Delivery accounts: the credentials the seller of an account listing hands over after a sale,
 * checked against the game's transfer fields (getGameTransferCollectConfig), encrypted at rest, and
 * shown to the seller only masked. revealDeliveryAccount is for the trading issue (the buyer of a paid
 * order); no route exposes it.
 */
import {
  Code,
  GOODS_LIMITS,
  type DeliveryAccount,
  type SaveDeliveryAccountBody,
  type TransferField,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { ApiError } from '../../plugins/envelope'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import { mask, type FieldCipher } from './crypto'
import { deliveryRepo } from './repo'

const PHONE = /^1[3-9]\d{9}$/
const badRequest = (msg: string) => new ApiError(Code.BAD_REQUEST, msg)
const contextOf = (goodsId: number, key: string) => `delivery:${goodsId}:${key}`

export function deliveryService(deps: {
  db: Db
  games: GameService
  goods: GoodsService
  cipher: FieldCipher
  now: () => number
}) {
  const { db, games, goods, cipher, now } = deps
  const repo = deliveryRepo(db)

  function open(goodsId: number, fieldsEnc: string): Record<string, string> {
    const sealed = JSON.parse(fieldsEnc) as Record<string, string>
    return Object.fromEntries(
      Object.entries(sealed).map(([k, v]) => [k, cipher.decrypt(v, contextOf(goodsId, k))]),
    )
  }

  function masked(values: Record<string, string>, fields: TransferField[]): Record<string, string> {
    return Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, mask(v, fields.find((f) => f.key === k)?.secret ?? true)]),
    )
  }

  /** The new values merged over the saved ones (a key left out keeps its value, '' clears it), checked. */
  function merge(fields: TransferField[], saved: Record<string, string>, input: Record<string, string>) {
    for (const key of Object.keys(input)) {
      if (!fields.some((f) => f.key === key)) throw badRequest(`不支持的发货信息：${key}`)
    }
    const values: Record<string, string> = {}
    for (const field of fields) {
      const given = input[field.key]
      const raw = given === undefined ? saved[field.key] : field.kind === 'password' ? given : given.trim()
      if (raw === undefined || raw === '') {
        if (field.required) throw badRequest(`请填写${field.label}`)
        continue
      }
      const max =
        field.kind === 'textarea'
          ? GOODS_LIMITS.deliveryTextareaMaxLength
          : GOODS_LIMITS.deliveryValueMaxLength
      if ([...raw].length > max) throw badRequest(`${field.label}长度不能超过 ${max} 个字符`)
      if (field.kind === 'phone' && !PHONE.test(raw)) throw badRequest(`${field.label}格式不正确`)
      values[field.key] = raw
    }
    return values
  }

  return {
    async list(
      userId: number,
      query: { pageNum?: number; pageSize?: number; gameId?: number; keyword?: string },
    ): Promise<Page<DeliveryAccount>> {
      const page = await repo.page(userId, query)
      const rows: DeliveryAccount[] = []
      for (const row of page.rows) {
        const fields = (await games.transferConfig(row.game_id)).fields
        rows.push({
          goodsId: row.id,
          goodsTitle: row.title,
          gameId: row.game_id,
          fields: row.fields_enc ? masked(open(row.id, row.fields_enc), fields) : {},
          saved: row.fields_enc !== null,
          updatedAt: row.updated_at === null ? 0 : Number(row.updated_at),
        })
      }
      return { rows, total: Number(page.total) }
    },

    async save(userId: number, body: SaveDeliveryAccountBody): Promise<DeliveryAccount> {
      let result: DeliveryAccount | null = null
      await db.transaction().execute(async (trx) => {
        const listing = await goods.owned(trx, userId, body.goodsId)
        if (listing.goods_type !== 'ACCOUNT') throw badRequest('只有账号类商品需要填写发货账号')
        if (listing.status === 'SOLD') throw badRequest('已售出的商品不能修改发货账号')
        const fields = (await games.transferConfig(listing.game_id, trx)).fields
        if (fields.length === 0) throw badRequest('该游戏暂未配置发货信息')
        const tx = deliveryRepo(trx)
        const existing = await tx.find(body.goodsId)
        const values = merge(fields, existing ? open(body.goodsId, existing.fields_enc) : {}, body.fields)
        const sealed = Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, cipher.encrypt(v, contextOf(body.goodsId, k))]),
        )
        const at = now()
        await tx.save({
          goods_id: body.goodsId,
          seller_id: userId,
          fields_enc: JSON.stringify(sealed),
          now: at,
        })
        result = {
          goodsId: listing.id,
          goodsTitle: listing.title,
          gameId: listing.game_id,
          fields: masked(values, fields),
          saved: true,
          updatedAt: at,
        }
      })
      return result!
    },

    async remove(userId: number, goodsId: number) {
      await db.transaction().execute(async (trx) => {
        const listing = await goods.owned(trx, userId, goodsId)
        if (listing.status === 'SOLD') throw badRequest('已售出的商品不能删除发货账号')
        await deliveryRepo(trx).remove(goodsId)
      })
    },

    /**
     * The credentials in clear, for the buyer of a paid order (trading issue). Callers must check
     * that the requester may see them; null when none are saved.
     */
    async revealDeliveryAccount(goodsId: number): Promise<Record<string, string> | null> {
      const row = await repo.find(goodsId)
      return row ? open(goodsId, row.fields_enc) : null
    },
  }
}

export type DeliveryService = ReturnType<typeof deliveryService>
