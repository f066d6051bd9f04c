/**
 * Staff: 游戏管理 (docs/console.md). Staff add and edit games (name, initial, icon, platforms, hot,
 * sort), disable them, edit the area/server tree, the goods types with their attributes
 * (getGameConfig) and the delivery fields (getGameTransferCollectConfig). Every change runs in one
 * transaction with its op_logs row (before/after); after the commit the game caches of every process
 * are dropped (rules, rendered pages, sitemaps: GAME_TOPIC) and the search answers with them, so the
 * next request sees the change without a restart.
 *
 * Disabling a game hides it from buyers (game list, game pages, sitemap) and stops new listings; its
 * listings and orders are left exactly as they are (their rules still load), staff take listings
 * down in 商品审核 if they must go.
 */
import type { Selectable } from 'kysely'
import {
  TRADE_RULES,
  type GameStaffListQuery,
  type GameAreasBody,
  type GameConfig,
  type GameConfigBody,
  type GameSaveBody,
  type GameTransferBody,
  type GameTransferCollectConfig,
  type GoodsTypeConfig,
  type StaffArea,
  type StaffGame,
  type StaffGameDetail,
  type TransferField,
} from '../../../shared/api'
import type { Db } from '../../db'
import type { DomainEvents } from '../events/domain'
import type { Page } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { ConfigError, checkGoodsTypes, checkTransferFields } from './config-rules'
import { gameRepo } from './repo'
import { toGame, type GameService } from './service'
import type { GamesTable } from './tables'

const toStaffGame = (row: Selectable<GamesTable>): StaffGame => ({
  ...toGame(row),
  status: row.status === '0' ? '0' : '1',
  description: row.description,
})

type ServerRow = Awaited<ReturnType<ReturnType<typeof gameRepo>['staffServers']>>[number]

function toTree(rows: ServerRow[]): StaffArea[] {
  const node = (r: ServerRow) => ({
    serverId: r.id,
    gameId: r.game_id,
    parentId: r.parent_id,
    name: r.name,
    platform: r.platform,
    sort: r.sort,
  })
  return rows
    .filter((r) => r.parent_id === null)
    .map((area) => ({ ...node(area), children: rows.filter((r) => r.parent_id === area.id).map(node) }))
}

/** Runs a config rule check, turning its refusal into a 400 with the rule's sentence. */
function checked<T>(fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof ConfigError) throw badRequest(err.message)
    throw err
  }
}

export function gameStaffService(deps: {
  db: Db
  games: GameService
  /** an uploaded image cropped to a square, stored as a new file: its URL (the image module) */
  squareImage: (ownerId: number, imageId: string) => Promise<string>
  /**
   * 'game.serversRemoving' (listings that name a server refuse its removal: the goods module) and
   * 'game.changed' (search answers carry game names and filters)
   */
  events: DomainEvents
  now: () => number
}) {
  const { db, games, now } = deps

  async function requireGame(trx: Db, gameId: number) {
    const row = await gameRepo(trx).findAnyGame(gameId)
    if (!row) throw notFound('游戏不存在')
    return row
  }

  async function configOf(trx: Db, gameId: number) {
    const row = await gameRepo(trx).findConfig(gameId)
    return {
      goodsTypes: row ? (JSON.parse(row.goods_types) as GoodsTypeConfig[]) : [],
      fields: row ? (JSON.parse(row.transfer_fields) as TransferField[]) : [],
      protectionDays: row?.protection_days ?? TRADE_RULES.defaultProtectionDays,
    }
  }

  /** The change and its log row in one transaction, then every cache built from games dropped. */
  async function change<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await fn(trx)
      await deps.events.publish(trx, 'game.changed', {})
      return value
    })
    games.changed()
    return result
  }

  return {
    async list(query: GameStaffListQuery): Promise<Page<StaffGame>> {
      const { rows, total } = await gameRepo(db).staffPage(query)
      return { rows: rows.map(toStaffGame), total }
    },

    async detail(gameId: number): Promise<StaffGameDetail> {
      const game = await requireGame(db, gameId)
      const config = await configOf(db, gameId)
      return {
        ...toStaffGame(game),
        areas: toTree(await gameRepo(db).staffServers(gameId)),
        config: { gameId, goodsTypes: config.goodsTypes, protectionDays: config.protectionDays },
        transfer: { gameId, fields: config.fields },
      }
    },

    async save(actor: Actor, body: GameSaveBody): Promise<StaffGame> {
      const nameCn = body.nameCn.trim()
      if (!nameCn) throw badRequest('游戏名称不能为空')
      const platforms = [...new Set(body.platforms.map((p) => p.trim()).filter(Boolean))]
      if (platforms.length === 0) throw badRequest('平台不能为空')
      // the icon file is made before the transaction (a file is no database row to roll back)
      const icon = body.iconImageId ? await deps.squareImage(actor.userId, body.iconImageId) : undefined
      const fields = {
        name_cn: nameCn,
        name_en: body.nameEn.trim(),
        initial: body.initial,
        platforms: JSON.stringify(platforms),
        hot: body.hot ? 1 : 0,
        sort: body.sort,
        description: body.description.trim(),
        ...(icon ? { icon } : {}),
      }
      return change(async (trx) => {
        const repo = gameRepo(trx)
        const sameName = (await repo.staffPage({ pageNum: 1, pageSize: 100, keyword: nameCn })).rows.find(
          (g) => g.name_cn === nameCn && g.id !== body.gameId,
        )
        if (sameName) throw badRequest(`游戏名称「${nameCn}」已存在`)
        let gameId: number
        let before: StaffGame | undefined
        if (body.gameId !== undefined) {
          before = toStaffGame(await requireGame(trx, body.gameId))
          gameId = body.gameId
          await repo.updateGame(gameId, fields)
        } else {
          if (!icon) throw badRequest('请上传游戏图标')
          gameId = await repo.insertGame({ ...fields, icon, status: '0' })
          await repo.saveConfig({
            game_id: gameId,
            goods_types: '[]',
            transfer_fields: '[]',
            protection_days: TRADE_RULES.defaultProtectionDays,
            updated_at: now(),
          })
        }
        const after = toStaffGame(await requireGame(trx, gameId))
        await record(trx, {
          actor,
          module: 'game',
          action: before ? 'edit' : 'add',
          target: gameId,
          before,
          after,
          detail: nameCn,
          at: now(),
        })
        return after
      })
    },

    async setStatus(actor: Actor, gameId: number, status: '0' | '1'): Promise<StaffGame> {
      return change(async (trx) => {
        const before = await requireGame(trx, gameId)
        await gameRepo(trx).updateGame(gameId, { status })
        await record(trx, {
          actor,
          module: 'game',
          action: status === '0' ? 'enable' : 'disable',
          target: gameId,
          before: { status: before.status },
          after: { status },
          detail: before.name_cn,
          at: now(),
        })
        return toStaffGame(await requireGame(trx, gameId))
      })
    },

    /**
     * The whole tree: rows with a serverId are renamed/reordered (they must be this game's, and a
     * server stays under its area), rows without are added, rows left out are removed — unless a
     * listing names them (400: take the listings down first, or keep the row).
     */
    async saveAreas(actor: Actor, body: GameAreasBody): Promise<StaffArea[]> {
      const { gameId } = body
      const names = (list: Array<{ name: string }>, what: string) => {
        const seen = new Set<string>()
        for (const item of list) {
          const name = item.name.trim()
          if (!name) throw badRequest(`${what}名称不能为空`)
          if (seen.has(name)) throw badRequest(`${what}名称「${name}」重复`)
          seen.add(name)
        }
      }
      names(body.areas, '大区')
      for (const area of body.areas) names(area.children, `「${area.name.trim()}」的区服`)

      /** Checks the rows against the stored tree; answers the ids left out (to be removed). */
      const removedFrom = (existing: ServerRow[]): number[] => {
        const byId = new Map(existing.map((r) => [r.id, r]))
        const kept = new Set<number>()
        const own = (serverId: number, parentId: number | null, name: string) => {
          const row = byId.get(serverId)
          if (!row) throw badRequest(`区服「${name}」不属于该游戏`)
          if (row.parent_id !== parentId) throw badRequest(`区服「${name}」不能移到其他大区`)
          if (kept.has(serverId)) throw badRequest(`区服「${name}」重复`)
          kept.add(serverId)
        }
        for (const area of body.areas) {
          if (area.serverId !== undefined) own(area.serverId, null, area.name)
          for (const s of area.children)
            if (s.serverId !== undefined && area.serverId !== undefined)
              own(s.serverId, area.serverId, s.name)
            else if (s.serverId !== undefined) throw badRequest(`区服「${s.name}」不能移到新大区`)
        }
        return existing.filter((r) => !kept.has(r.id)).map((r) => r.id)
      }
      // listings are the goods module's: it refuses the removal of a server its listings name,
      // asked before the transaction (SQLite has one connection)
      await requireGame(db, gameId)
      const stored = await gameRepo(db).staffServers(gameId)
      const removing = new Set(removedFrom(stored))
      await deps.events.publish(db, 'game.serversRemoving', {
        servers: stored.filter((r) => removing.has(r.id)).map((r) => ({ id: r.id, name: r.name })),
      })

      return change(async (trx) => {
        const repo = gameRepo(trx)
        const existing = await repo.staffServers(gameId)
        const byId = new Map(existing.map((r) => [r.id, r]))
        const removed = removedFrom(existing)
        // servers first (they point at their area), then the areas
        await repo.deleteServers(removed.filter((id) => byId.get(id)!.parent_id !== null))
        await repo.deleteServers(removed.filter((id) => byId.get(id)!.parent_id === null))
        for (const [i, area] of body.areas.entries()) {
          const values = { name: area.name.trim(), platform: area.platform?.trim() || null, sort: i + 1 }
          let areaId = area.serverId
          if (areaId !== undefined) await repo.updateServer(areaId, values)
          else areaId = await repo.insertServer({ ...values, game_id: gameId, parent_id: null })
          for (const [j, s] of area.children.entries()) {
            const sv = { name: s.name.trim(), platform: s.platform?.trim() || null, sort: j + 1 }
            if (s.serverId !== undefined) await repo.updateServer(s.serverId, sv)
            else await repo.insertServer({ ...sv, game_id: gameId, parent_id: areaId })
          }
        }
        const after = toTree(await repo.staffServers(gameId))
        const brief = (tree: StaffArea[]) =>
          tree.map((a) => ({ name: a.name, servers: a.children.map((s) => s.name) }))
        await record(trx, {
          actor,
          module: 'game',
          action: 'areas',
          target: gameId,
          before: brief(toTree(existing)),
          after: brief(after),
          at: now(),
        })
        return after
      })
    },

    async saveConfig(actor: Actor, body: GameConfigBody): Promise<GameConfig> {
      const goodsTypes = checked(() => checkGoodsTypes(body.goodsTypes))
      return change(async (trx) => {
        await requireGame(trx, body.gameId)
        const before = await configOf(trx, body.gameId)
        await gameRepo(trx).saveConfig({
          game_id: body.gameId,
          goods_types: JSON.stringify(goodsTypes),
          transfer_fields: JSON.stringify(before.fields),
          protection_days: body.protectionDays,
          updated_at: now(),
        })
        const after = { gameId: body.gameId, goodsTypes, protectionDays: body.protectionDays }
        await record(trx, {
          actor,
          module: 'game',
          action: 'config',
          target: body.gameId,
          before: { goodsTypes: before.goodsTypes, protectionDays: before.protectionDays },
          after: { goodsTypes, protectionDays: body.protectionDays },
          at: now(),
        })
        return after
      })
    },

    async saveTransfer(actor: Actor, body: GameTransferBody): Promise<GameTransferCollectConfig> {
      const fields = checked(() => checkTransferFields(body.fields))
      return change(async (trx) => {
        await requireGame(trx, body.gameId)
        const before = await configOf(trx, body.gameId)
        await gameRepo(trx).saveConfig({
          game_id: body.gameId,
          goods_types: JSON.stringify(before.goodsTypes),
          transfer_fields: JSON.stringify(fields),
          protection_days: before.protectionDays,
          updated_at: now(),
        })
        await record(trx, {
          actor,
          module: 'game',
          action: 'transfer',
          target: body.gameId,
          before: { fields: before.fields },
          after: { fields },
          at: now(),
        })
        return { gameId: body.gameId, fields }
      })
    },
  }
}

export type GameStaffService = ReturnType<typeof gameStaffService>
