import type { FastifyPluginAsync } from 'fastify'
import { CONFIG_STAFF, DICT_STAFF } from '../../../shared/api/system'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { SystemStaffService } from './staff'

/** 参数设置 and 字典管理 of the console (permission-declared endpoints; docs/console.md). */
export const systemStaffRoutes: FastifyPluginAsync<{ sys: SystemStaffService }> = async (app, { sys }) => {
  route(app, CONFIG_STAFF.list, (r) => sys.configs(r.query.keyword))
  route(app, CONFIG_STAFF.edit, { message: '参数已保存' }, (r) =>
    sys.editConfig(actorOf(r), r.body.configKey, r.body.configValue),
  )
  route(app, DICT_STAFF.types, () => sys.dictTypes())
  route(app, DICT_STAFF.entries, (r) => sys.entries(r.params.dictType))
  route(app, DICT_STAFF.add, { message: '新增成功' }, (r) => sys.addEntry(actorOf(r), r.body))
  route(app, DICT_STAFF.edit, { message: '修改成功' }, (r) => sys.editEntry(actorOf(r), r.body))
  route(app, DICT_STAFF.remove, { message: '删除成功' }, (r) => sys.removeEntry(actorOf(r), r.body.dictCode))
}
