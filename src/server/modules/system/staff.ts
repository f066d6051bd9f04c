/**
 * Staff: 参数设置 and 字典管理 (docs/console.md).
 *
 * Parameters: a known key's value is checked by its rule (CONFIG_SPECS of shared/api/console-sys.ts:
 * type, range); an unknown key is text. The app reads parameters from the table on every use (the
 * system service keeps no copy), so a change applies at once in every server process, no restart.
 *
 * Dictionaries: the app's code uses the values of built-in entries (order states, goods types, the
 * feedback types it checks…), so a built-in entry keeps its value and is never deleted; its label,
 * colour and sort may change. Disabling: only built-in entries of choice dictionaries
 * (DICT_CHOICE_TYPES: no longer offered) — a state dictionary's built-in entries stay enabled so no
 * row is left without its label. Entries staff add are theirs to change, disable or delete. The
 * public dictionary endpoint reads the table on every call; the AI module's style list re-reads it
 * within 10 seconds.
 *
 * Every change and its operation-log row (before / after) are written in one transaction.
 */
import {
  CONFIG_SPECS,
  DICT_CHOICE_TYPES,
  DICT_TYPE_NAMES,
  configProblem,
  type DictAddBody,
  type DictEditBody,
  type StaffConfig,
  type StaffDictEntry,
  type StaffDictType,
} from '../../../shared/api'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../http/errors'
import { record, type Actor } from '../oplog/service'
import { systemStaffRepo } from './staff-repo'
import type { DictDataTable, SysConfigTable } from './tables'
import type { Selectable } from 'kysely'

const toConfig = (r: Selectable<SysConfigTable>): StaffConfig => ({
  configId: r.id,
  configKey: r.config_key,
  configName: r.config_name,
  configValue: r.config_value,
  spec: CONFIG_SPECS[r.config_key] ?? null,
})

const toEntry = (r: Selectable<DictDataTable>): StaffDictEntry => ({
  dictCode: r.id,
  dictType: r.dict_type,
  dictLabel: r.dict_label,
  dictValue: r.dict_value,
  dictSort: r.dict_sort,
  listClass: r.list_class,
  isDefault: r.is_default === 'Y' ? 'Y' : 'N',
  status: r.status === '1' ? '1' : '0',
  builtin: Number(r.builtin) === 1,
})

/** What the log keeps of an entry. */
const logged = (e: StaffDictEntry) => ({
  dictValue: e.dictValue,
  dictLabel: e.dictLabel,
  listClass: e.listClass,
  dictSort: e.dictSort,
  status: e.status,
})

export function systemStaffService(db: Db, now: () => number) {
  const repo = systemStaffRepo(db)

  async function mustEntry(trx: Db, dictCode: number) {
    const row = await systemStaffRepo(trx).entry(dictCode)
    if (!row) throw notFound('字典数据不存在')
    return toEntry(row)
  }

  return {
    // ---------------------------------------------------------------- 参数设置
    async configs(keyword?: string): Promise<StaffConfig[]> {
      const rows = (await repo.configs()).map(toConfig)
      const k = keyword?.trim().toLowerCase()
      if (!k) return rows
      return rows.filter((c) =>
        [c.configKey, c.configName, c.spec?.label ?? ''].some((s) => s.toLowerCase().includes(k)),
      )
    },

    async editConfig(actor: Actor, configKey: string, value: string): Promise<StaffConfig> {
      const spec = CONFIG_SPECS[configKey]
      // known kinds carry no meaningful surrounding spaces; free text keeps what staff typed
      const configValue = spec && spec.kind !== 'text' ? value.trim() : value
      const problem = configProblem(configKey, configValue)
      if (problem) throw badRequest(problem)
      return db.transaction().execute(async (trx) => {
        const row = await systemStaffRepo(trx).config(configKey)
        if (!row) throw notFound('参数不存在')
        if (row.config_value === configValue) return toConfig(row)
        await systemStaffRepo(trx).setConfig(row.id, configValue)
        await record(trx, {
          actor,
          module: 'system',
          action: 'config-edit',
          target: configKey,
          before: { configValue: row.config_value },
          after: { configValue },
          at: now(),
        })
        return toConfig({ ...row, config_value: configValue })
      })
    },

    // ---------------------------------------------------------------- 字典管理
    async dictTypes(): Promise<StaffDictType[]> {
      const rows = await repo.dictTypes()
      return rows.map((r) => ({
        dictType: r.dict_type,
        dictName: DICT_TYPE_NAMES[r.dict_type] ?? r.dict_type,
        entries: Number(r.entries),
        enabled: Number(r.enabled),
      }))
    },

    async entries(dictType: string): Promise<StaffDictEntry[]> {
      return (await repo.entries(dictType)).map(toEntry)
    },

    async addEntry(actor: Actor, body: DictAddBody): Promise<StaffDictEntry> {
      const label = body.dictLabel.trim()
      return db.transaction().execute(async (trx) => {
        const t = systemStaffRepo(trx)
        if (await t.entryByValue(body.dictType, body.dictValue))
          throw badRequest(`字典键值「${body.dictValue}」已存在`)
        const id = await t.insertEntry({
          dict_type: body.dictType,
          dict_value: body.dictValue,
          dict_label: label,
          dict_sort: body.dictSort,
          list_class: body.listClass,
          css_class: '',
          is_default: 'N',
          status: body.status,
          builtin: 0,
        })
        const entry = await mustEntry(trx, id)
        await record(trx, {
          actor,
          module: 'system',
          action: 'dict-add',
          target: `${body.dictType}:${body.dictValue}`,
          after: logged(entry),
          at: now(),
        })
        return entry
      })
    },

    async editEntry(actor: Actor, body: DictEditBody): Promise<StaffDictEntry> {
      return db.transaction().execute(async (trx) => {
        const t = systemStaffRepo(trx)
        const before = await mustEntry(trx, body.dictCode)
        const value = body.dictValue ?? before.dictValue
        if (before.builtin) {
          if (value !== before.dictValue)
            throw badRequest('系统使用的字典项不能修改键值，只能修改标签、颜色和排序')
          if (body.status === '1' && before.status === '0' && !DICT_CHOICE_TYPES.includes(before.dictType))
            throw badRequest('该字典项标示系统中的状态，停用后相关数据将无法显示，不能停用')
        }
        if (value !== before.dictValue && (await t.entryByValue(before.dictType, value)))
          throw badRequest(`字典键值「${value}」已存在`)
        if (body.status === '1' && before.status === '0') {
          const enabled = (await t.entries(before.dictType)).filter((e) => e.status === '0').length
          if (enabled <= 1) throw badRequest('字典至少要保留一个启用的字典项')
        }
        await t.updateEntry(before.dictCode, {
          dict_value: value,
          dict_label: body.dictLabel.trim(),
          list_class: body.listClass,
          dict_sort: body.dictSort,
          status: body.status,
        })
        const after = await mustEntry(trx, before.dictCode)
        await record(trx, {
          actor,
          module: 'system',
          action: 'dict-edit',
          target: `${before.dictType}:${before.dictValue}`,
          before: logged(before),
          after: logged(after),
          at: now(),
        })
        return after
      })
    },

    async removeEntry(actor: Actor, dictCode: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await mustEntry(trx, dictCode)
        if (before.builtin) throw badRequest('系统使用的字典项不能删除')
        await systemStaffRepo(trx).deleteEntry(dictCode)
        await record(trx, {
          actor,
          module: 'system',
          action: 'dict-remove',
          target: `${before.dictType}:${before.dictValue}`,
          before: logged(before),
          at: now(),
        })
      })
    },
  }
}

export type SystemStaffService = ReturnType<typeof systemStaffService>
