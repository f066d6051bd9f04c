/** 登录日志: every login attempt — user, address, browser, success or why it failed. */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Table, Tag } from 'antd'
import type { LoginLog } from '@shared/api/console'
import { loginLogQuery, type LoginLogQuery } from '@renderer/api/console'
import { dateTime, FIRST_PAGE, pagination } from '../../parts/table'

export default function LoginLogPage() {
  const [query, setQuery] = useState<LoginLogQuery>(FIRST_PAGE)
  const logs = useQuery(loginLogQuery(query))
  return (
    <>
      <Form
        layout="inline"
        className="console-filters"
        onFinish={(v: { userName?: string; ip?: string; status?: '0' | '1' }) =>
          setQuery({
            ...FIRST_PAGE,
            pageSize: query.pageSize,
            ...(v.userName?.trim() ? { userName: v.userName.trim() } : {}),
            ...(v.ip?.trim() ? { ip: v.ip.trim() } : {}),
            ...(v.status ? { status: v.status } : {}),
          })
        }
      >
        <Form.Item name="userName" label="用户名">
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="ip" label="登录地址">
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: '0', label: '成功' },
              { value: '1', label: '失败' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      <Table<LoginLog>
        rowKey="id"
        size="middle"
        loading={logs.isFetching}
        dataSource={logs.data?.rows}
        pagination={pagination(query, logs.data?.total, (pageNum, pageSize) =>
          setQuery({ ...query, pageNum, pageSize }),
        )}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '用户名', dataIndex: 'userName' },
          { title: '登录地址', dataIndex: 'ip' },
          { title: '浏览器', dataIndex: 'userAgent', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: string) =>
              s === '0' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>,
          },
          { title: '提示', dataIndex: 'msg' },
          { title: '时间', dataIndex: 'createdAt', render: dateTime },
        ]}
      />
    </>
  )
}
