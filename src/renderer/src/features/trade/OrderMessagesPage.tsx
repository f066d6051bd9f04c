/**
 * /message/officialMessage.html: order messages (web messages of type ORDER), newest first, paged;
 * unread ones marked, read one by one or all on the page. The header's unread count follows.
 */
import { useState } from 'react'
import { Alert, Badge, Button, Empty, List, Segmented } from 'antd'
import type { WebMessage } from '@shared/api/types'
import { webMessageBatchRead, webMessagePage } from '@renderer/api/message'
import { pageOf } from '@renderer/api/goods'
import { Pagination } from '@renderer/components/Pagination'
import { useMessagesStore } from '@renderer/stores/messages'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { TradeShell } from './TradeShell'

export default function OrderMessagesPage() {
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(20)
  const [unreadOnly, setUnreadOnly] = useState(false)
  const list = useQuery(['order-messages', page, limit, unreadOnly], async () =>
    pageOf<WebMessage>(
      await webMessagePage({
        messageType: 'ORDER',
        pageNum: page,
        pageSize: limit,
        ...(unreadOnly ? { isRead: false } : {}),
      }),
    ),
  )
  const [busy, setBusy] = useState(false)
  const markRead = async (ids: number[]) => {
    if (ids.length === 0) return
    setBusy(true)
    try {
      await webMessageBatchRead({ ids })
      list.reload()
      void useMessagesStore.getState().refresh()
    } catch (err) {
      toast('error', apiErrorText(err, '标记已读失败'))
    } finally {
      setBusy(false)
    }
  }
  const unreadIds = (list.data?.rows ?? []).filter((m) => !m.isRead).map((m) => m.messageId)
  return (
    <TradeShell
      section="消息中心"
      sectionTo="/message/officialMessage.html"
      title="订单消息"
      nav={false}
      extra={
        <>
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
          <Button disabled={unreadIds.length === 0} loading={busy} onClick={() => void markRead(unreadIds)}>
            本页全部已读
          </Button>
        </>
      }
    >
      {list.error ? (
        <Alert type="error" showIcon title={apiErrorText(list.error, '消息加载失败')} />
      ) : list.data && list.data.rows.length === 0 ? (
        <Empty description={unreadOnly ? '没有未读的订单消息' : '暂无订单消息'} />
      ) : (
        <List<WebMessage>
          loading={!list.data}
          dataSource={list.data?.rows ?? []}
          rowKey="messageId"
          renderItem={(m) => (
            <List.Item
              aria-label={m.title}
              actions={
                m.isRead
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
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <span>
                    <Badge status={m.isRead ? 'default' : 'processing'} /> {m.title}
                  </span>
                }
                description={
                  <>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div>
                    <small>{formatTradeTime(m.createdAt)}</small>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => {
          setPage(p)
          setLimit(l)
        }}
      />
    </TradeShell>
  )
}
