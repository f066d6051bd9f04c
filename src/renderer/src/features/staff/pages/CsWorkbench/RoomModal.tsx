/** The order's guaranteed-order room, read and posted to as 平台客服 (op-logged on the server). */
import { useQuery } from '@tanstack/react-query'
import { Button, Input, List, Modal, Space, Tag } from 'antd'
import { useState } from 'react'
import { csRoomQuery, useRoomPost } from '@renderer/api/cs-agent'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { parseTime } from '@renderer/utils/time'

const ROLES = { buyer: '买家', seller: '卖家', staff: '平台客服', system: '系统' } as const

export function RoomModal({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const room = useQuery({ ...csRoomQuery(orderNo ?? ''), enabled: orderNo !== null })
  const post = useRoomPost()
  const [text, setText] = useState('')
  return (
    <Modal
      title={`担保群 · 订单 ${orderNo ?? ''}`}
      open={orderNo !== null}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      {room.error ? <ErrorAlert error={room.error} fallback="担保群消息加载失败" /> : null}
      <List
        size="small"
        style={{ maxHeight: 360, overflow: 'auto' }}
        dataSource={room.data ?? []}
        locale={{ emptyText: '暂无消息' }}
        renderItem={(m) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space size={4}>
                  <Tag color={m.senderRole === 'staff' ? 'blue' : undefined}>{ROLES[m.senderRole]}</Tag>
                  {m.senderRole === 'system' ? null : m.senderName}
                  <span className="cs-wb__time">{parseTime(m.createdAt, 'MM-DD HH:mm')}</span>
                </Space>
              }
              description={m.content}
            />
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input
          aria-label="担保群消息"
          value={text}
          maxLength={1000}
          placeholder="以平台客服身份发言（双方可见）"
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          type="primary"
          loading={post.isPending}
          disabled={!text.trim() || orderNo === null}
          onClick={() =>
            orderNo && post.mutate({ orderNo, content: text.trim() }, { onSuccess: () => setText('') })
          }
        >
          发送到担保群
        </Button>
      </Space.Compact>
    </Modal>
  )
}
