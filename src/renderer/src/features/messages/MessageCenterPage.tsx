/**
 * The message centre (docs/screens.md, "Messages"): /message/userMessage.html (站内信, web messages of type
 * SYSTEM) and /message/officialMessage.html (订单消息, type ORDER). Newest first, paged; unread
 * ones marked, read one by one or all on the page, removed; the header's unread count follows.
 */
import { useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Badge, Button, Empty, List, Popconfirm, Segmented, Tabs } from 'antd'
import { useQuery } from '@tanstack/react-query'
import type { WebMessage } from '@shared/api/message'
import { exportWebMessages, messagePageQuery, useChangeMessages } from '@renderer/api/message'
import { ExportButton } from '@renderer/components/ExportButton'
import { Pagination } from '@renderer/components/Pagination'
import { usePagerState } from '@renderer/components/use-pager-state'
import { formatTradeTime } from '@renderer/utils/time'
import { CentreLayout, MESSAGE_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { MessageOrderLink } from '@renderer/features/trade/OrderDetailPage/OrderDetailLink'
import { ChatCentreLink } from '@renderer/features/chat/ChatCentreLink'
import { MessageText } from '@renderer/features/saved-search/MessageText'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const KINDS = {
  SYSTEM: { path: '/message/userMessage.html', title: '站内信', empty: '站内信' },
  ORDER: { path: '/message/officialMessage.html', title: '订单消息', empty: '订单消息' },
} as const
type Kind = keyof typeof KINDS

export default function MessageCenter() {
  const { pathname } = useLocation()
  const messageType: Kind = pathname === KINDS.ORDER.path ? 'ORDER' : 'SYSTEM'
  const kind = KINDS[messageType]
  const { page, limit, setPage, props: paging } = usePagerState(20)
  const [unreadOnly, setUnreadOnly] = useState(false)
  const list = useQuery(
    messagePageQuery({
      messageType,
      pageNum: page,
      pageSize: limit,
      ...(unreadOnly ? { isRead: false } : {}),
    }),
  )
  // failures are shown by the request layer; lists and the header's count refresh on success
  const changes = useChangeMessages()
  const change = (action: 'read' | 'remove', ids: number[]) =>
    ids.length === 0 ? Promise.resolve() : changes.mutateAsync({ action, ids }).catch(() => undefined)
  const markRead = (ids: number[]) => change('read', ids)
  const unreadIds = (list.data?.rows ?? []).filter((m) => !m.isRead).map((m) => m.messageId)
  return (
    <CentreLayout
      centre={{ ...MESSAGE_CENTRE, home: kind.path }}

      title={kind.title}
      nav={false}
      extra={
        <>
          {messageType === 'SYSTEM' ? (
            <ExportButton label="导出站内信" unit="条站内信" run={exportWebMessages} />
          ) : null}
          <Segmented
            value={unreadOnly ? 'unread' : 'all'}
            options={[
              { value: 'all', label: '全部' },
              { value: 'unread', label: '未读' },
            ]}
            onChange={(v) => {
              setUnreadOnly(v === 'unread')
              setPage(1)
            }}
          />
          <Button
            disabled={unreadIds.length === 0}
            loading={changes.isPending}
            onClick={() => void markRead(unreadIds)}
          >
            本页全部已读
          </Button>
        </>
      }
    >
      <Tabs
        activeKey={messageType}
        tabBarExtraContent={<ChatCentreLink />}
        items={(Object.keys(KINDS) as Kind[]).map((k) => ({
          key: k,
          label: <Link to={KINDS[k].path}>{KINDS[k].title}</Link>,
        }))}
      />
      {list.error ? (
        <ErrorAlert error={list.error} fallback="消息加载失败" />
      ) : list.data && list.data.rows.length === 0 ? (
        <Empty description={unreadOnly ? `没有未读的${kind.empty}` : `暂无${kind.empty}`} />
      ) : (
        <List<WebMessage>
          loading={!list.data}
          dataSource={list.data?.rows ?? []}
          rowKey="messageId"
          renderItem={(m) => (
            <List.Item
              aria-label={m.title}
              actions={[
                ...(m.isRead
                  ? []
                  : [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        onClick={() => void markRead([m.messageId])}
                      >
                        标为已读
                      </Button>,
                    ]),
                <Popconfirm
                  key="remove"
                  title="删除这条消息？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => change('remove', [m.messageId])}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    <Badge status={m.isRead ? 'default' : 'processing'} /> {m.title}
                  </span>
                }
                description={
                  <>
                    <MessageText text={m.content} />
                    <MessageOrderLink message={m} />
                    <small>{formatTradeTime(m.createdAt)}</small>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Pagination total={list.data?.total ?? 0} {...paging} />
    </CentreLayout>
  )
}
