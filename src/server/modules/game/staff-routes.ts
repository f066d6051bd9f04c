import type { FastifyPluginAsync } from 'fastify'
import { GAME_STAFF } from '../../../shared/api'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { GameStaffService } from './staff'

/** Staff: 游戏管理 (permissions game:game:list / game:game:edit, checked by route()). */
export const gameStaffRoutes: FastifyPluginAsync<{ staff: GameStaffService }> = async (app, { staff }) => {
  route(app, GAME_STAFF.list, (r) => staff.list(r.query))
  route(app, GAME_STAFF.detail, (r) => staff.detail(r.query.gameId))
  route(app, GAME_STAFF.save, { message: '保存成功' }, (r) => staff.save(actorOf(r), r.body))
  route(app, GAME_STAFF.status, { message: (g) => (g.status === '0' ? '已启用' : '已停用') }, (r) =>
    staff.setStatus(actorOf(r), r.body.gameId, r.body.status),
  )
  route(app, GAME_STAFF.areas, { message: '区服已保存' }, (r) => staff.saveAreas(actorOf(r), r.body))
  route(app, GAME_STAFF.config, { message: '商品配置已保存' }, (r) => staff.saveConfig(actorOf(r), r.body))
  route(app, GAME_STAFF.transfer, { message: '交接字段已保存' }, (r) =>
    staff.saveTransfer(actorOf(r), r.body),
  )
}
