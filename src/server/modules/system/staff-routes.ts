import type { FastifyPluginAsync } from 'fastify'
import { CONSOLE_CONFIG, CONSOLE_DICT } from '../../../shared/api/console-sys'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { SystemConsoleService } from './console'

/** 参数设置 and 字典管理 of the console (permission-declared endpoints; docs/console.md). */
export const systemConsoleRoutes: FastifyPluginAsync<{ sys: SystemConsoleService }> = async (
  app,
  { sys },
) => {
  route(app, CONSOLE_CONFIG.list, (r) => sys.configs(r.query.keyword))
  route(app, CONSOLE_CONFIG.edit, { message: '参数已保存' }, (r) =>
    sys.editConfig(actorOf(r), r.body.configKey, r.body.configValue),
  )
  route(app, CONSOLE_DICT.types, () => sys.dictTypes())
  route(app, CONSOLE_DICT.entries, (r) => sys.entries(r.params.dictType))
  route(app, CONSOLE_DICT.add, { message: '新增成功' }, (r) => sys.addEntry(actorOf(r), r.body))
  route(app, CONSOLE_DICT.edit, { message: '修改成功' }, (r) => sys.editEntry(actorOf(r), r.body))
  route(app, CONSOLE_DICT.remove, { message: '删除成功' }, (r) =>
    sys.removeEntry(actorOf(r), r.body.dictCode),
  )
}
