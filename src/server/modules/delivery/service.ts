/**
 * Delivery accounts: the credentials the seller of an account listing hands over after a sale,
 * checked against the game's transfer fields (getGameTransferCollectConfig), encrypted at rest, and
 * shown to the seller only masked. revealDeliveryAccount is for the buyer of a paid order (the trade
 * module); no route exposes it.
 */
import type { DeliveryAccount, SaveDeliveryAccountBody, TransferField } from '../../../shared/api'
import { checkTransferValues, isCompleteTransfer } from '../../../shared/rules/transfer'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest } from '../../http/errors'
import type { GameService } from '../game/service'
import type { GoodsService } from '../goods/service'
import { mask, type FieldCipher } from './crypto'
import { deliveryRepo } from './repo'

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

  /**
   * The new values merged over the saved ones (a key left out keeps its value, '' clears it), checked
   * by the transfer rule every hand-over follows (src/shared/rules/transfer.ts).
   */
  function merge(fields: TransferField[], saved: Record<string, string>, input: Record<string, string>) {
    // values of fields the game no longer asks for are dropped, not refused
    const kept = Object.fromEntries(Object.entries(saved).filter(([k]) => fields.some((f) => f.key === k)))
    const checked = checkTransferValues(fields, { ...kept, ...input })
    if ('problem' in checked) throw badRequest(checked.problem.replace('交付字段', '发货信息'))
    return checked.values
  }

  return {
    async list(
      userId: number,
      query: { pageNum?: number; pageSize?: number; gameId?: number; keyword?: string },
    ): Promise<Page<DeliveryAccount>> {
      const page = await goods.sellerListings(userId, { ...query, goodsType: 'ACCOUNT' })
      const saved = new Map((await repo.findMany(page.rows.map((r) => r.id))).map((a) => [a.goods_id, a]))
      const rows: DeliveryAccount[] = []
      for (const row of page.rows) {
        const fields = (await games.transferConfig(row.game_id)).fields
        const account = saved.get(row.id)
        const values = account ? open(row.id, account.fields_enc) : {}
        const complete = isCompleteTransfer(fields, values)
        rows.push({
          goodsId: row.id,
          goodsTitle: row.title,
          gameId: row.game_id,
          fields: masked(values, fields),
          saved: account !== undefined,
          complete,
          autoDelivery: complete && row.auto_delivery === 1,
          updatedAt: account ? Number(account.updated_at) : 0,
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
        const complete = isCompleteTransfer(fields, values)
        // automatic delivery needs a complete account: an incomplete one switches it off
        if (!complete && listing.auto_delivery === 1) await goods.setAutoDelivery(trx, listing.id, false)
        result = {
          goodsId: listing.id,
          goodsTitle: listing.title,
          gameId: listing.game_id,
          fields: masked(values, fields),
          saved: true,
          complete,
          autoDelivery: complete && listing.auto_delivery === 1,
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
        if (listing.auto_delivery === 1) await goods.setAutoDelivery(trx, goodsId, false)
      })
    },

    /**
     * Automatic delivery (自动交付): the platform hands the saved delivery account to the buyer the
     * moment the order is paid. Only for the seller's own unsold account listing whose delivery
     * account is complete (every required field present and valid).
     */
    async setAutoDelivery(userId: number, goodsId: number, enabled: boolean) {
      await db.transaction().execute(async (trx) => {
        const listing = await goods.owned(trx, userId, goodsId)
        if (listing.goods_type !== 'ACCOUNT') throw badRequest('只有账号类商品可以自动交付')
        if (listing.status === 'SOLD') throw badRequest('已售出的商品不能修改自动交付')
        if (enabled) {
          const fields = (await games.transferConfig(listing.game_id, trx)).fields
          const row = await deliveryRepo(trx).find(goodsId)
          if (!row || !isCompleteTransfer(fields, open(goodsId, row.fields_enc)))
            throw badRequest('请先完整填写发货账号，再开启自动交付')
        }
        await goods.setAutoDelivery(trx, goodsId, enabled)
      })
    },

    /**
     * The values to hand over automatically for a paid order of this listing, or null (switched
     * off, or the account is no longer complete). Read before the payment's transaction.
     */
    async autoDeliveryValues(goodsId: number, gameId: number): Promise<Record<string, string> | null> {
      const row = await repo.find(goodsId)
      if (!row) return null
      const flag = await goods.autoDeliveryOn(goodsId)
      if (!flag) return null
      const values = open(goodsId, row.fields_enc)
      const fields = (await games.transferConfig(gameId)).fields
      return isCompleteTransfer(fields, values) ? values : null
    },

    /**
     * The agency module, inside its transaction: the credentials an owner handed in (already checked
     * by the transfer rule) become the delivery account of the 官方代售 listing. Answers whether they
     * are complete (then the listing is delivered automatically at payment).
     */
    async saveForAgency(
      trx: Db,
      goodsId: number,
      ownerId: number,
      gameId: number,
      values: Record<string, string>,
    ) {
      const fields = (await games.transferConfig(gameId, trx)).fields
      const sealed = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, cipher.encrypt(v, contextOf(goodsId, k))]),
      )
      await deliveryRepo(trx).save({
        goods_id: goodsId,
        seller_id: ownerId,
        fields_enc: JSON.stringify(sealed),
        now: now(),
      })
      return fields.length > 0 && isCompleteTransfer(fields, values)
    },

    /**
     * The credentials in clear, for the buyer of a paid order (the trade module). Callers must check
     * that the requester may see them; null when none are saved.
     */
    async revealDeliveryAccount(goodsId: number): Promise<Record<string, string> | null> {
      const row = await repo.find(goodsId)
      return row ? open(goodsId, row.fields_enc) : null
    },
  }
}

export type DeliveryService = ReturnType<typeof deliveryService>
