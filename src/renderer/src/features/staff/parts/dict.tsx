/**
 * Dictionary utilities of the console: useDict loads a dictionary's entries by type (cached for the
 * session), DictTag renders a value with its label and colour (the entry's listClass), dictOptions
 * turns entries into a Select's options, DictFilter is a filter form's select of one dictionary.
 * Every status column and select of the console uses them.
 */
import { Form, Select, Tag } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { DictData } from '@shared/api/system'
import { staffDictQuery } from '@renderer/api/system'

const NONE: DictData[] = []

export function useDict(dictType: string): DictData[] {
  return useQuery(staffDictQuery(dictType)).data ?? NONE
}

const COLOURS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
}

/** The Tag colour of an entry's listClass (primary, success, …); plain for none or an unknown one. */
export const listClassColour = (listClass: string | undefined) => COLOURS[listClass ?? ''] ?? 'default'

export function DictTag({
  dictType,
  value,
}: {
  dictType: string
  value: string | number | null | undefined
}) {
  const entries = useDict(dictType)
  if (value === null || value === undefined || value === '') return null
  const entry = entries.find((e) => e.dictValue === String(value))
  if (!entry) return <Tag>{String(value)}</Tag>
  return <Tag color={listClassColour(entry.listClass)}>{entry.dictLabel}</Tag>
}

export function dictOptions(entries: readonly DictData[]) {
  return entries.map((e) => ({ value: e.dictValue, label: e.dictLabel }))
}

/** A FilterForm's clearable select of a dictionary's entries (the 状态 filter, by default). */
export function DictFilter({
  dictType,
  name = 'status',
  label = '状态',
  width = 120,
}: {
  dictType: string
  name?: string
  label?: string
  width?: number
}) {
  const entries = useDict(dictType)
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear style={{ width }} options={dictOptions(entries)} />
    </Form.Item>
  )
}
