/**
 * 纠纷仲裁's drawer: the pre-sale conversation (售前咨询) of the disputed order's listing between its
 * buyer and seller, read-only (docs/pre-sale-chat.md). Shown on request — every read is written to
 * the operation log by the server, so staff open it only when they need it.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, List } from 'antd'
import { disputeChatQuery } from '@renderer/api/chat'
import { ChatMessageBody } from '@renderer/features/chat/MessageBody'
import '@renderer/features/chat/chat.css'
import { dateTime } from '../../parts/table'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

function Messages({ orderNo }: { orderNo: string }) {
  const chat = useQuery(disputeChatQuery(orderNo))
  if (chat.error) return <ErrorAlert error={chat.error} fallback="加载失败" />
  return (
    <List
      size="small"
      loading={chat.isPending}
      dataSource={chat.data?.messages ?? []}
      locale={{ emptyText: chat.data && !chat.data.conversation ? '买家未在下单前咨询过卖家' : '暂无消息' }}
      renderItem={(m) => (
        <List.Item>
          <List.Item.Meta
            title={`${m.senderRole === 'buyer' ? '买家' : '卖家'} ${m.senderName} · ${dateTime(m.createdAt)}`}
            // text only (never HTML), the listing card or the image
            description={
              <div className="console-message">
                <ChatMessageBody message={m} />
              </div>
            }
          />
        </List.Item>
      )}
    />
  )
}

export function PreSaleChat({ orderNo }: { orderNo: string }) {
  const [shown, setShown] = useState<string | null>(null)
  return (
    <>
      <h4 className="console-section">售前咨询记录</h4>
      {shown === orderNo ? (
        <Messages orderNo={orderNo} />
      ) : (
        <Button onClick={() => setShown(orderNo)}>查看售前咨询（将记入操作日志）</Button>
      )}
    </>
  )
}
