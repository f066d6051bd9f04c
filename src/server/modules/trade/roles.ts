/**
 * The buyer's receiving roles (收货角色): where coins, items and recharges are delivered. An order of
 * such goods keeps a snapshot of the chosen role (roleSnapshot); accounts need none.
 */
import { badRequest, notFound } from '../../http/errors'
import type { ReceivingRole, SaveRoleBody } from '../../../shared/api'
import type { TradeCore } from './core'
import { roleRepo } from './roles-repo'

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleRepo>['list']>>[number]

function toRole(r: RoleRow): ReceivingRole {
  return {
    roleId: Number(r.id),
    gameId: r.game_id,
    gameName: r.game_name,
    serverId: r.server_id,
    serverName: r.server_name ?? null,
    roleName: r.role_name,
    gameRoleId: r.game_role_id,
    isDefault: r.is_default === 1,
  }
}

export function receivingRoles(core: TradeCore) {
  const { roles, tx, now } = core

  async function roleList(userId: number): Promise<ReceivingRole[]> {
    return (await roles.list(userId)).map(toRole)
  }

  return {
    roleList,

    /**
     * The role an order of this goods type delivers to, as the JSON snapshot the order keeps (null for
     * an account). It must be the buyer's and of the listing's game.
     */
    async roleSnapshot(userId: number, gameId: number, goodsType: string, roleId: number | undefined) {
      if (goodsType === 'ACCOUNT') return null
      if (!roleId) throw badRequest('请选择收货角色')
      const r = await roles.named(roleId)
      if (!r || r.user_id !== userId) throw badRequest('收货角色不存在')
      if (r.game_id !== gameId) throw badRequest('收货角色不属于该游戏')
      return JSON.stringify(toRole(r))
    },

    /** The buyer's default role of a game (else their newest of it), for an order made from a bid. */
    async defaultRoleId(userId: number, gameId: number): Promise<number | undefined> {
      const list = await roles.list(userId)
      return (
        list.find((r) => r.game_id === gameId && r.is_default === 1)?.id ??
        list.find((r) => r.game_id === gameId)?.id
      )
    },

    async roleSave(userId: number, body: SaveRoleBody): Promise<ReceivingRole> {
      const game = await roles.game(body.gameId)
      if (!game) throw badRequest('游戏不存在')
      if (body.serverId) {
        const s = await roles.server(body.serverId)
        if (!s || s.game_id !== body.gameId) throw badRequest('区服不属于该游戏')
      }
      const row = {
        game_id: body.gameId,
        server_id: body.serverId ?? null,
        role_name: body.roleName.trim(),
        game_role_id: body.gameRoleId.trim(),
        is_default: body.isDefault ? 1 : 0,
      }
      const id = await tx(async (trx) => {
        const r = roleRepo(trx)
        if (body.isDefault) await r.clearDefault(userId, body.gameId)
        if (body.roleId) {
          const found = await r.find(body.roleId)
          if (!found || found.user_id !== userId) throw notFound('收货角色不存在')
          await r.update(body.roleId, row)
          return body.roleId
        }
        return r.insert({ ...row, user_id: userId, created_at: now() })
      })
      return (await roleList(userId)).find((r) => r.roleId === id)!
    },

    async roleRemove(userId: number, roleId: number) {
      if (!(await roles.remove(roleId, userId))) throw notFound('收货角色不存在')
    },
  }
}

export type ReceivingRoles = ReturnType<typeof receivingRoles>
