/**
 * /warrantOrderHandler.html (standalone, opened in a new tab from the header): the escrow rooms of
 * my orders with unread badges; the selected room's messages (buyer / seller / staff / system styled);
 * text and evidence images; a dispute with its reason. Staff (admin) see the disputed rooms (and the
 * ones they ruled) and rule 放款给卖家 / 退款给买家 / 部分退款 with a written reason, confirming the
 * outcome in money first; the room then shows the ruling to both parties. The room list and the
 * open room refresh every few seconds (api/warrant.ts).
 */
import { useSearchParams } from 'react-router-dom'
import { Badge, Empty, Skeleton } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { ROLE_ADMIN } from '@shared/constants'
import { ORDER_STATUS_LABELS } from '@shared/api/trade'
import { warrantRoomsQuery } from '@renderer/api/warrant'
import { useSessionStore } from '@renderer/stores/session'
import { formatTradeTime } from '@renderer/utils/time'
import { Room } from './Room'
import '../warrant.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export default function WarrantPage() {
  const [params, setParams] = useSearchParams()
  const rooms = useQuery(warrantRoomsQuery())
  const staff = useSessionStore((s) => s.roles.includes(ROLE_ADMIN))
  const list = rooms.data ?? []
  const selectedNo = params.get('orderNo') ?? list[0]?.orderNo ?? null
  const selected = list.find((r) => r.orderNo === selectedNo) ?? null
  return (
    <div className="warrant-page">
      <aside className="panel warrant-rooms" aria-label="担保订单列表">
        <h2 className="panel__title">{staff ? '担保订单（含仲裁）' : '我的担保订单'}</h2>
        {rooms.error ? (
          <ErrorAlert error={rooms.error} fallback="加载失败" />
        ) : !rooms.data ? (
          <Skeleton active />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无担保订单" />
        ) : (
          list.map((room) => (
            <button
              key={room.orderNo}
              type="button"
              className={`warrant-room ${room.orderNo === selectedNo ? 'is-active' : ''}`}
              aria-current={room.orderNo === selectedNo ? 'true' : undefined}
              onClick={() => setParams({ orderNo: room.orderNo })}
            >
              <span className="warrant-room__title">
                <span>{room.goodsTitle}</span>
                <Badge count={room.orderNo === selectedNo ? 0 : room.unread} size="small" />
              </span>
              <span className="warrant-room__meta">
                {ORDER_STATUS_LABELS[room.status]} ·{' '}
                {room.lastMessageAt ? formatTradeTime(room.lastMessageAt) : '无消息'}
              </span>
            </button>
          ))
        )}
      </aside>
      {selected ? (
        <Room key={selected.orderNo} room={selected} staff={staff} />
      ) : (
        <section className="panel warrant-chat">
          <Empty description={rooms.data ? '选择左侧的担保订单查看消息' : '加载中…'} />
        </section>
      )}
    </div>
  )
}
