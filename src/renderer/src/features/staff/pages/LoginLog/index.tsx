/** 登录日志: every login attempt — user, address, browser, success or why it failed. */
import { useQuery } from '@tanstack/react-query'

import type { LoginLog } from '@shared/api/oplog'
import { loginLogQuery, type LoginLogQuery } from '@renderer/api/oplog'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { outcomeTag, OutcomeFilter, type Outcomes } from '../../parts/outcome'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const OUTCOMES: Outcomes = { ok: { value: '0', label: '成功' }, not: { value: '1', label: '失败' } }

export default function LoginLogPage() {
  const { query, search, paging } = usePagedQuery<LoginLogQuery>(FIRST_PAGE)
  const logs = useQuery(loginLogQuery(query))
  return (
    <>
      <FilterForm<Omit<LoginLogQuery, 'pageNum' | 'pageSize'>> onSearch={search}>
        <TextFilter name="userName" label="用户名" maxLength={64} />
        <TextFilter name="ip" label="登录地址" maxLength={64} />
        <OutcomeFilter outcomes={OUTCOMES} />
      </FilterForm>
      <QueryTable<LoginLog>
        list={logs}
        rowKey="id"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '用户名', dataIndex: 'userName' },
          { title: '登录地址', dataIndex: 'ip' },
          { title: '浏览器', dataIndex: 'userAgent', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            render: outcomeTag(OUTCOMES),
          },
          { title: '提示', dataIndex: 'msg' },
          { title: '时间', dataIndex: 'createdAt', render: dateTime },
        ]}
      />
    </>
  )
}
