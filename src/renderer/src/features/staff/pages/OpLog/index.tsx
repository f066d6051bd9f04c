/** 操作日志: every staff change (before/after) and every refused attempt, newest first. */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Drawer } from 'antd'
import type { OpLog } from '@shared/api/oplog'
import { opLogQuery, type OpLogQuery } from '@renderer/api/oplog'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { outcomeTag, OutcomeFilter, type Outcomes } from '../../parts/outcome'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const pretty = (json: string | null) => {
  if (!json) return '-'
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}

const OUTCOMES: Outcomes = {
  ok: { value: 'SUCCESS', label: '成功' },
  not: { value: 'DENIED', label: '拒绝' },
}

export default function OpLogPage() {
  const { query, search, paging } = usePagedQuery<OpLogQuery>(FIRST_PAGE)
  const [detail, setDetail] = useState<OpLog | null>(null)
  const logs = useQuery(opLogQuery(query))
  return (
    <>
      <FilterForm<Omit<OpLogQuery, 'pageNum' | 'pageSize'>> onSearch={search}>
        <TextFilter name="userName" label="操作人" maxLength={64} />
        <TextFilter name="module" label="模块" maxLength={40} />
        <TextFilter name="target" label="对象" maxLength={64} />
        <OutcomeFilter outcomes={OUTCOMES} />
      </FilterForm>
      <QueryTable<OpLog>
        list={logs}
        rowKey="id"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '操作人', dataIndex: 'userName' },
          { title: '模块', dataIndex: 'module' },
          { title: '操作', dataIndex: 'action' },
          { title: '对象', dataIndex: 'target' },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: '状态',
            dataIndex: 'status',
            render: outcomeTag(OUTCOMES),
          },
          { title: '时间', dataIndex: 'createdAt', render: dateTime },
          { title: '操作', key: 'op', render: (_, row) => <a onClick={() => setDetail(row)}>详情</a> },
        ]}
      />
      <Drawer title="操作详情" size={560} open={detail !== null} onClose={() => setDetail(null)}>
        {detail && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="操作人">{detail.userName}</Descriptions.Item>
            <Descriptions.Item label="模块 / 操作">
              {detail.module} / {detail.action}
            </Descriptions.Item>
            <Descriptions.Item label="对象">{detail.target}</Descriptions.Item>
            <Descriptions.Item label="说明">{detail.detail || '-'}</Descriptions.Item>
            <Descriptions.Item label="变更前">
              <pre className="console-json">{pretty(detail.before)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="变更后">
              <pre className="console-json">{pretty(detail.after)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="IP">{detail.ip}</Descriptions.Item>
            <Descriptions.Item label="时间">{dateTime(detail.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  )
}
