/**
 * /message/chat.html 咨询 (docs/pre-sale-chat.md): my pre-sale conversations — as a buyer (every
 * listing I asked about) and as a seller (questions about my listings) — latest activity first, each
 * with its unread badge; a click opens the conversation.
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Badge, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd'
import type { ChatConversationQuery } from '@shared/api/chat'
import { chatPath } from '@shared/live-events'
import { chatListQuery } from '@renderer/api/chat'
import { CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { formatTradeTime } from '@renderer/utils/time'
import { CHAT_CENTRE } from './centre'
import './chat.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

type RoleTab = 'all' | 'buyer' | 'seller'

export default function ChatListPage() {
  const [tab, setTab] = useState<RoleTab>('all')
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 20 })
  const query: ChatConversationQuery = { ...paging, ...(tab === 'all' ? {} : { role: tab }) }
  const list = useQuery(chatListQuery(query))
  return (
    <CentreLayout centre={CHAT_CENTRE} title="咨询">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as RoleTab)
          setPaging({ pageNum: 1, pageSize: paging.pageSize })
        }}
        items={[
          { key: 'all', label: '全部' },
          { key: 'buyer', label: '我咨询的' },
          { key: 'seller', label: '咨询我的' },
        ]}
      />
      {list.error ? (
        <ErrorAlert error={list.error} fallback="加载失败" />
      ) : !list.data ? (
        <Skeleton active />
      ) : list.data.rows.length === 0 ? (
        <Empty description="暂无咨询。在商品详情页点击「咨询卖家」即可向卖家提问" />
      ) : (
        <>
          <div className="chat-list" aria-label="咨询列表">
            {list.data.rows.map((c) => (
              <Link key={c.conversationId} to={chatPath(c.conversationId)} className="chat-item">
                <span className="chat-item__main">
                  <span className="chat-item__title">
                    <Tag color={c.role === 'seller' ? 'orange' : 'blue'}>
                      {c.role === 'seller' ? '咨询我的' : '我咨询的'}
                    </Tag>
                    {c.goodsTitle}
                  </span>
                  <span className="chat-item__meta">
                    {c.role === 'seller' ? `买家：${c.buyerName}` : `卖家：${c.sellerName}`}
                    {c.lastMessageAt ? ` · ${formatTradeTime(c.lastMessageAt)}` : ' · 暂无消息'}
                  </span>
                  {c.lastMessage ? <span className="chat-item__last">{c.lastMessage}</span> : null}
                </span>
                <Badge count={c.unread} overflowCount={99} aria-label={`${c.unread} 条未读`} />
              </Link>
            ))}
          </div>
          {list.data.total > paging.pageSize ? (
            <Pagination
              className="table-pagination"
              current={paging.pageNum}
              pageSize={paging.pageSize}
              total={list.data.total}
              onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
            />
          ) : null}
        </>
      )}
    </CentreLayout>
  )
}
