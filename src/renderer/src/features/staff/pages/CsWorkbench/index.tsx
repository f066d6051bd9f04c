/**
 * Console: 客服工作台 (docs/customer-service.md) — the queue with wait times and the agent's
 * conversations on the left, the open conversation in the middle (reply, canned replies, end,
 * transfer for a supervisor), the user's side panel on the right (identity, real name, balance,
 * recent orders, open disputes, the attached order or listing with its order page and room).
 * Permission cs:conversation:answer; supervisors (cs:conversation:supervise) see every conversation.
 * The page polls: it is also the agent's presence for the automatic assignment.
 */
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Switch, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { csMeQuery, useSetAgentStatus } from '@renderer/api/cs-agent'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { OrderDrawer } from '../OrderManage/OrderDrawer'
import { Conversation } from './Conversation'
import { Lists } from './Lists'
import { RoomModal } from './RoomModal'
import { SidePanel } from './SidePanel'
import './workbench.css'

export default function CsWorkbenchPage() {
  const me = useQuery(csMeQuery())
  const setStatus = useSetAgentStatus()
  const [openId, setOpenId] = useState<number | null>(null)
  const [order, setOrder] = useState<string | null>(null)
  const [room, setRoom] = useState<string | null>(null)
  const a = me.data
  return (
    <Card
      title="客服工作台"
      className="cs-wb"
      extra={
        a ? (
          <Space>
            <Typography.Text>
              {a.staffName} · 工号 <Tag>{a.staffNo}</Tag>
            </Typography.Text>
            <Typography.Text type="secondary">
              接待 {a.load}/{a.maxLoad}
            </Typography.Text>
            <Switch
              checkedChildren="在线接待"
              unCheckedChildren="离线"
              checked={a.status === 'ONLINE'}
              loading={setStatus.isPending}
              onChange={(on) => setStatus.mutate(on ? 'ONLINE' : 'OFFLINE')}
            />
          </Space>
        ) : null
      }
    >
      {me.error ? (
        <ErrorAlert error={me.error} fallback="客服资料加载失败" onRetry={() => void me.refetch()} />
      ) : null}
      <div className="cs-wb__grid">
        <Lists openId={openId} onOpen={setOpenId} />
        {openId === null ? (
          <div className="cs-wb__conv cs-wb__conv--empty">
            <Empty description="从左侧选择或接待一个会话" />
          </div>
        ) : (
          <Conversation key={openId} conversationId={openId} myUserId={a?.userId ?? null} />
        )}
        {openId === null ? (
          <div className="cs-wb__side" />
        ) : (
          <SidePanel conversationId={openId} onOrder={setOrder} onRoom={setRoom} />
        )}
      </div>
      <OrderDrawer orderNo={order} onClose={() => setOrder(null)} />
      <RoomModal orderNo={room} onClose={() => setRoom(null)} />
    </Card>
  )
}
