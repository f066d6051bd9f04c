import type { FastifyPluginAsync } from 'fastify'
import { GAME_STAFF } from '../../../shared/api'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { GameStaffService } from './staff'

/** Staff: 游戏管理 (permissions game:game:list / game:game:edit, checked by route()). */
export const gameStaffRoutes: FastifyPluginAsync<{ admin: GameStaffService }> = async (app, { admin }) => {
  route(app, GAME_STAFF.list, (r) => admin.list(r.query))
  route(app, GAME_STAFF.detail, (r) => admin.detail(r.query.gameId))
  route(app, GAME_STAFF.save, { message: '保存成功' }, (r) => admin.save(actorOf(r), r.body))
  route(app, GAME_STAFF.status, { message: (g) => (g.status === '0' ? '已启用' : '已停用') }, (r) =>
    admin.setStatus(actorOf(r), r.body.gameId, r.body.status),
  )
  route(app, GAME_STAFF.areas, { message: '区服已保存' }, (r) => admin.saveAreas(actorOf(r), r.body))
  route(app, GAME_STAFF.config, { message: '商品配置已保存' }, (r) => admin.saveConfig(actorOf(r), r.body))
  route(app, GAME_STAFF.transfer, { message: '交接字段已保存' }, (r) =>
    admin.saveTransfer(actorOf(r), r.body),
  )
}
