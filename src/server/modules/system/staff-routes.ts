import type { FastifyPluginAsync } from 'fastify'
import { CONFIG_STAFF, DICT_STAFF } from '../../../shared/api/system'
import { route } from '../../http/route'
import { actorOf } from '../oplog/service'
import type { SystemStaffService } from './staff'

/** 参数设置 and 字典管理 of the console (permission-declared endpoints; docs/console.md). */
export const systemStaffRoutes: FastifyPluginAsync<{ staff: SystemStaffService }> = async (
  app,
  { staff },
) => {
  route(app, CONFIG_STAFF.list, (r) => staff.configs(r.query.keyword))
  route(app, CONFIG_STAFF.edit, { message: '参数已保存' }, (r) =>
    staff.editConfig(actorOf(r), r.body.configKey, r.body.configValue),
  )
  route(app, DICT_STAFF.types, () => staff.dictTypes())
  route(app, DICT_STAFF.entries, (r) => staff.entries(r.params.dictType))
  route(app, DICT_STAFF.add, { message: '新增成功' }, (r) => staff.addEntry(actorOf(r), r.body))
  route(app, DICT_STAFF.edit, { message: '修改成功' }, (r) => staff.editEntry(actorOf(r), r.body))
  route(app, DICT_STAFF.remove, { message: '删除成功' }, (r) =>
    staff.removeEntry(actorOf(r), r.body.dictCode),
  )
}
