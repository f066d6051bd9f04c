import type { FastifyPluginAsync } from 'fastify'
import { GAME_ADMIN } from '../../../shared/api'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { GameAdminService } from './admin'

/** Console: 游戏管理 (permissions game:game:list / game:game:edit, checked by route()). */
export const gameAdminRoutes: FastifyPluginAsync<{ admin: GameAdminService }> = async (app, { admin }) => {
  route(app, GAME_ADMIN.list, (r) => admin.list(r.query))
  route(app, GAME_ADMIN.detail, (r) => admin.detail(r.query.gameId))
  route(app, GAME_ADMIN.save, { message: '保存成功' }, (r) => admin.save(actorOf(r), r.body))
  route(app, GAME_ADMIN.status, { message: (g) => (g.status === '0' ? '已启用' : '已停用') }, (r) =>
    admin.setStatus(actorOf(r), r.body.gameId, r.body.status),
  )
  route(app, GAME_ADMIN.areas, { message: '区服已保存' }, (r) => admin.saveAreas(actorOf(r), r.body))
  route(app, GAME_ADMIN.config, { message: '商品配置已保存' }, (r) => admin.saveConfig(actorOf(r), r.body))
  route(app, GAME_ADMIN.transfer, { message: '交接字段已保存' }, (r) =>
    admin.saveTransfer(actorOf(r), r.body),
  )
}
