import { useEffect, useRef } from 'react'
import { Alert, Empty, Image, Skeleton } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { WarrantMessage, WarrantRoom } from '@shared/api/warrant'
import { imageSrc } from '@renderer/api/goods'
import { warrantMessagesQuery } from '@renderer/api/warrant'
import { OrderStatusTag } from '@renderer/components/OrderStatusTag'
import { useSessionStore } from '@renderer/stores/session'
import { formatTradeTime } from '@renderer/utils/time'
import { Compose } from './Compose'
import { DisputeButton } from './DisputeButton'
import { DisputeNotice } from './DisputeNotice'
import { RuleButton } from './RuleButton'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const ROLE_NAMES: Record<WarrantMessage['senderRole'], string> = {
  buyer: '买家',
  seller: '卖家',
  staff: '平台客服',
  system: '系统',
}

function MessageItem({ message, mine }: { message: WarrantMessage; mine: boolean }) {
  return (
    <div className={`warrant-msg warrant-msg--${message.senderRole} ${mine ? 'is-mine' : ''}`}>
      {message.senderRole === 'system' ? null : (
        <div className="warrant-msg__who">
          {ROLE_NAMES[message.senderRole]} {message.senderName} · {formatTradeTime(message.createdAt)}
        </div>
      )}
      <div className="warrant-msg__bubble">
        {message.content}
        {message.imageUrls.length > 0 ? (
          <div className="warrant-msg__images">
            <Image.PreviewGroup>
              {message.imageUrls.map((url) => (
                <Image
                  key={url}
                  src={imageSrc(url)}
                  width={88}
                  height={66}
                  style={{ objectFit: 'cover' }}
                  alt="证据图片"
                />
              ))}
            </Image.PreviewGroup>
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** One room: its order, its dispute, its messages (refreshed every few seconds) and the composer. */
export function Room({ room, staff }: { room: WarrantRoom; staff: boolean }) {
  const messages = useQuery(warrantMessagesQuery(room.orderNo))
  const myId = useSessionStore((s) => s.userInfo?.userId)
  const box = useRef<HTMLDivElement>(null)
  const count = messages.data?.length ?? 0
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight
  }, [count])
  const closed = room.status === 'SETTLED' || room.status === 'REFUNDED' || room.status === 'CANCELLED'
  return (
    <section className="panel warrant-chat" aria-label={`担保聊天室 ${room.orderNo}`}>
      <div className="panel__head">
        <h1 className="panel__title">
          {room.goodsTitle} <OrderStatusTag status={room.status} />
        </h1>
        <div style={{ display: 'flex', gap: 8 }}>
          {staff && room.status === 'ARBITRATING' ? <RuleButton room={room} /> : null}
          {!staff && !closed && room.status !== 'ARBITRATING' ? (
            <DisputeButton orderNo={room.orderNo} />
          ) : null}
        </div>
      </div>
      <p className="warrant-room__meta">
        订单号 {room.orderNo} · 买家 {room.buyerName} · 卖家 {room.sellerName}
      </p>
      <DisputeNotice orderNo={room.orderNo} status={room.status} />
      <div className="warrant-messages" ref={box} aria-live="polite">
        {messages.error ? (
          <ErrorAlert error={messages.error} fallback="消息加载失败" />
        ) : !messages.data ? (
          <Skeleton active />
        ) : messages.data.length === 0 ? (
          <Empty description="还没有消息" />
        ) : (
          messages.data.map((m) => <MessageItem key={m.messageId} message={m} mine={m.senderId === myId} />)
        )}
      </div>
      {closed ? (
        <Alert type="info" showIcon title="订单已结束，聊天室只读" style={{ marginTop: 12 }} />
      ) : (
        <Compose orderNo={room.orderNo} />
      )}
    </section>
  )
}
