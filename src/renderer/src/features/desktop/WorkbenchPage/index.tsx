/**
 * /desktop/workbench 卖家工作台: the compact window of the desktop client (docs/desktop.md) — today's
 * orders to deliver, pending bids and unread messages with their counts, asked every 30 s. 去发货 and
 * the other links open the MAIN window on their page (platform.workbench.openInMain); in a browser
 * the page is a plain page whose links navigate in place. Its counts also go to the tray menu.
 */
import './workbench.css'
import { useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Empty, Spin } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { CHATS_PATH, MESSAGES_PATH, SOLD_ORDERS_PATH } from '@shared/live-events'
import { DELIVERY_PATH, RECEIVED_BIDS_PATH } from '@shared/workbench'
import { workbenchQuery } from '@renderer/api/seller-tools'
import { platform } from '@renderer/platform'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { useReportWorkbenchCounts } from '../workbench-counts'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

/** A list of the workbench: its title with the count, then its rows or, with none, `empty`. */
function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string
  count: number
  empty: string
  children: ReactNode[]
}) {
  return (
    <section className="workbench__section" aria-label={title}>
      <h2 className="workbench__subtitle">
        {title} <Badge count={count} overflowCount={99} />
      </h2>
      {children.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="workbench__list">{children}</ul>
      )}
    </section>
  )
}

/** A row of a list: the listing's title, who and when, the amount (fen); it opens its page. */
function Row({
  title,
  meta,
  price,
  onOpen,
}: {
  title: string
  meta: ReactNode
  price: number
  onOpen: () => void
}) {
  return (
    <li>
      <button type="button" className="workbench__row" onClick={onOpen}>
        <span className="workbench__row-title">{title}</span>
        <span className="workbench__row-meta">{meta}</span>
        <span className="workbench__row-price">{formatYuan(price)}</span>
      </button>
    </li>
  )
}

function Tile({
  label,
  count,
  extra,
  onOpen,
}: {
  label: string
  count: number
  extra?: string
  onOpen: () => void
}) {
  return (
    <button type="button" className="workbench-tile" onClick={onOpen} aria-label={`${label} ${count}`}>
      <span className="workbench-tile__count">{count > 999 ? '999+' : count}</span>
      <span className="workbench-tile__label">{label}</span>
      {extra ? <span className="workbench-tile__extra">{extra}</span> : null}
    </button>
  )
}

export default function WorkbenchPage() {
  const navigate = useNavigate()
  const summary = useQuery(workbenchQuery())
  useReportWorkbenchCounts(summary.data)
  // in the workbench window the standalone layout's brand bar and footer (返回首页) are hidden: the
  // window shows the workbench only; its links open the main window
  useEffect(() => {
    if (!platform.workbench) return
    document.body.classList.add('workbench-window')
    return () => document.body.classList.remove('workbench-window')
  }, [])
  const open = (path: string) => {
    if (platform.workbench) void platform.workbench.openInMain(path)
    else void navigate(path)
  }
  const s = summary.data

  return (
    <main className="workbench">
      <header className="workbench__head">
        <h1 className="workbench__title">卖家工作台</h1>
        <span className="workbench__time">{s ? `更新于 ${parseTime(s.at, 'HH:mm')}` : ''}</span>
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          aria-label="刷新"
          loading={summary.isFetching}
          onClick={() => void summary.refetch()}
        />
      </header>
      {summary.error && !s ? (
        <ErrorAlert error={summary.error} fallback="工作台加载失败" />
      ) : !s ? (
        <Spin className="workbench__loading" />
      ) : (
        <>
          <div className="workbench__tiles">
            <Tile
              label="待发货"
              count={s.toDeliver}
              extra={`今日新增 ${s.newToday}`}
              onOpen={() => open(DELIVERY_PATH)}
            />
            <Tile label="待处理出价" count={s.pendingBids} onOpen={() => open(RECEIVED_BIDS_PATH)} />
            <Tile label="未读消息" count={s.unreadMessages} onOpen={() => open(MESSAGES_PATH)} />
            {/* unread pre-sale chats: shown once the chat module reports them (null until then) */}
            {s.unreadChats !== null ? (
              <Tile label="售前咨询" count={s.unreadChats} onOpen={() => open(CHATS_PATH)} />
            ) : null}
          </div>
          <Button type="primary" block disabled={s.toDeliver === 0} onClick={() => open(DELIVERY_PATH)}>
            去发货
          </Button>

          <Section title="待发货订单" count={s.toDeliver} empty="没有待发货的订单">
            {s.orders.map((o) => (
              <Row
                key={o.orderNo}
                title={o.goodsTitle}
                meta={
                  <>
                    {o.buyerName} · {o.paidAt ? parseTime(o.paidAt, 'MM-DD HH:mm') : ''}
                  </>
                }
                price={o.amount}
                onOpen={() => open(`${SOLD_ORDERS_PATH}?orderNo=${encodeURIComponent(o.orderNo)}`)}
              />
            ))}
          </Section>

          <Section title="待处理出价" count={s.pendingBids} empty="没有待处理的出价">
            {s.bids.map((b) => (
              <Row
                key={b.bidId}
                title={b.goodsTitle}
                meta={
                  <>
                    {b.buyerName} · 售价 {formatYuan(b.askPrice)}
                  </>
                }
                price={b.price}
                onOpen={() => open(RECEIVED_BIDS_PATH)}
              />
            ))}
          </Section>
        </>
      )}
    </main>
  )
}
