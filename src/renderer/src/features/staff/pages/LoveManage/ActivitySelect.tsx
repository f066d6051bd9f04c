/** Picks one activity (newest first) for the guild and support tabs. */
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { loveActivitiesQuery } from '@renderer/api/love'

export function ActivitySelect({
  value,
  onChange,
  allowClear,
}: {
  value: number | null
  onChange: (id: number | null) => void
  allowClear?: boolean
}) {
  const list = useQuery(loveActivitiesQuery({ pageNum: 1, pageSize: 50 }))
  return (
    <Select
      aria-label="活动"
      placeholder="选择活动"
      style={{ width: 260 }}
      allowClear={allowClear}
      loading={list.isFetching}
      value={value ?? undefined}
      onChange={(v?: number) => onChange(v ?? null)}
      options={(list.data?.rows ?? []).map((a) => ({ value: a.activityId, label: a.title }))}
    />
  )
}
