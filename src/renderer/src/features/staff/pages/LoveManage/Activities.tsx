/** The activities: add, edit (window, rules, prizes one per line), remove (only without supports). */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Form, Input, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import dayjs, { type Dayjs } from 'dayjs'
import { LOVE_DICTS, LOVE_LIMITS, type LoveActivity } from '@shared/api/love'
import { PERMS } from '@shared/permissions'
import {
  loveActivitiesQuery,
  useAddLoveActivity,
  useEditLoveActivity,
  useRemoveLoveActivity,
} from '@renderer/api/love'
import { HasPermi } from '@renderer/components/HasPermi'
import { toast } from '@renderer/utils/toast'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { FormModal } from '../../parts/FormModal'
import { DictTag } from '../../parts/dict'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, pagination } from '../../parts/table'

interface ActivityForm {
  title: string
  window: [Dayjs, Dayjs]
  rules?: string
  prizes?: string
}

function ActivityDialog({
  activity,
  onClose,
}: {
  activity: LoveActivity | null | undefined
  onClose: () => void
}) {
  const add = useAddLoveActivity()
  const edit = useEditLoveActivity()
  const save = (v: ActivityForm) => {
    const body = {
      title: v.title.trim(),
      startAt: v.window[0].valueOf(),
      endAt: v.window[1].valueOf(),
      rules: v.rules ?? '',
      prizes: (v.prizes ?? '')
        .split('\n')
        .map((p) => p.trim())
        .filter(Boolean),
    }
    const done = { onSuccess: () => (toast('success', '已保存'), onClose()) }
    if (activity) edit.mutate({ ...body, activityId: activity.activityId }, done)
    else add.mutate(body, done)
  }
  return (
    <FormModal<ActivityForm>
      open={activity !== undefined}
      title={activity ? '编辑活动' : '新建活动'}
      width={640}
      loading={add.isPending || edit.isPending}
      onCancel={onClose}
      onFinish={save}
      initialValues={
        activity
          ? {
              title: activity.title,
              window: [dayjs(activity.startAt), dayjs(activity.endAt)],
              rules: activity.rules,
              prizes: activity.prizes.join('\n'),
            }
          : undefined
      }
    >
      <Form.Item
        name="title"
        label="活动标题"
        rules={[{ required: true, whitespace: true, message: '请填写活动标题' }]}
      >
        <Input maxLength={LOVE_LIMITS.title} />
      </Form.Item>
      <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item name="rules" label="活动规则（纯文本，空行分段）">
        <Input.TextArea rows={6} maxLength={LOVE_LIMITS.rules} showCount />
      </Form.Item>
      <Form.Item
        name="prizes"
        label={`活动奖品（每行一项，最多 ${LOVE_LIMITS.prizes} 项）`}
        rules={[
          {
            validator: (_, v?: string) =>
              (v ?? '').split('\n').filter((p) => p.trim()).length > LOVE_LIMITS.prizes
                ? Promise.reject(new Error(`奖品最多 ${LOVE_LIMITS.prizes} 项`))
                : Promise.resolve(),
          },
        ]}
      >
        <Input.TextArea rows={4} />
      </Form.Item>
    </FormModal>
  )
}

export function Activities({
  onGuilds,
  onSupports,
}: {
  onGuilds: (activityId: number) => void
  onSupports: (activityId: number) => void
}) {
  const [page, setPage] = useState(FIRST_PAGE)
  const list = useQuery(loveActivitiesQuery(page))
  const remove = useRemoveLoveActivity()
  // undefined: closed; null: a new activity
  const [editing, setEditing] = useState<LoveActivity | null | undefined>(undefined)

  const columns: ColumnsType<LoveActivity> = [
    { title: '编号', dataIndex: 'activityId', width: 70 },
    { title: '活动标题', dataIndex: 'title' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: LoveActivity['status']) => <DictTag dictType={LOVE_DICTS.activityStatus} value={s} />,
    },
    { title: '开始时间', dataIndex: 'startAt', width: 170, render: dateTime },
    { title: '结束时间', dataIndex: 'endAt', width: 170, render: dateTime },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onGuilds(a.activityId)}>
            公会
          </Button>
          <Button type="link" size="small" onClick={() => onSupports(a.activityId)}>
            助力记录
          </Button>
          <HasPermi permissions={[PERMS.loveEdit]}>
            <Button type="link" size="small" onClick={() => setEditing(a)}>
              编辑
            </Button>
            <ConfirmLink
              title="确定删除该活动及其公会？已有助力的活动不能删除。"
              okText="删除"
              onConfirm={() => remove.mutate(a.activityId, { onSuccess: () => toast('success', '已删除') })}
            />
          </HasPermi>
        </Space>
      ),
    },
  ]
  return (
    <>
      <HasPermi permissions={[PERMS.loveEdit]}>
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing(null)}>
          新建活动
        </Button>
      </HasPermi>
      <QueryTable<LoveActivity>
        list={list}
        errorTitle="活动加载失败"
        rowKey="activityId"
        columns={columns}
        paging={(total) => pagination(page, total, (pageNum, pageSize) => setPage({ pageNum, pageSize }))}
      />
      <ActivityDialog activity={editing} onClose={() => setEditing(undefined)} />
    </>
  )
}
