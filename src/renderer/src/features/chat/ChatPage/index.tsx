/**
 * /message/chat/{conversationId}.html (docs/pre-sale-chat.md): one pre-sale conversation — the
 * listing, the other party, the messages (oldest at the top, mine on the right, earlier ones on
 * request; text, listing cards and images, MessageBody.tsx) and the box to write in (Compose.tsx:
 * text, images, the listing card, the seller's quick replies). Reading the latest messages moves my read marker, so the counts are asked again; a live
 * `chat-message` event refreshes the open conversation (app/live-queries.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Skeleton } from 'antd'
import { idFromHtmlSegment } from '@renderer/app/route-table'
import { chatConversationQuery, chatMessagesQuery, useChatRead } from '@renderer/api/chat'
import { CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { formatTradeTime } from '@renderer/utils/time'
import { CHAT_CENTRE, CHAT_LIST_PATH } from '../centre'
import { ChatMessageBody } from '../MessageBody'
import { Compose } from './Compose'
import '../chat.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ChatBubble } from '@renderer/components/ChatBubble'

const PAGE = 20
const MAX_PAGE = 100

function Conversation({ conversationId }: { conversationId: number }) {
  const [pageSize, setPageSize] = useState(PAGE)
  const conversation = useQuery(chatConversationQuery(conversationId))
  const messages = useQuery(chatMessagesQuery(conversationId, { pageNum: 1, pageSize }))
  const read = useChatRead()
  const box = useRef<HTMLDivElement>(null)
  const newest = messages.data?.rows[0]?.messageId ?? 0

  // the server moved my read marker with the latest page: the badges follow; show the newest
  useEffect(() => {
    if (newest > 0) read()
    if (box.current) box.current.scrollTop = box.current.scrollHeight
  }, [newest]) // eslint-disable-line react-hooks/exhaustive-deps

  if (conversation.error) return <ErrorAlert error={conversation.error} fallback="咨询会话不存在" />
  if (!conversation.data) return <Skeleton active />
  const c = conversation.data
  const rows = [...(messages.data?.rows ?? [])].reverse()
  const total = messages.data?.total ?? 0
  const other = c.role === 'buyer' ? `卖家：${c.sellerName}` : `买家：${c.buyerName}`

  return (
    <>
      <div className="chat-view__head">
        商品：<Link to={`/detail/${c.goodsId}.html`}>{c.goodsTitle}</Link> · {other}
      </div>
      <div className="chat-messages" ref={box} role="log" aria-label="咨询消息">
        {total > rows.length && pageSize < MAX_PAGE ? (
          <Button type="link" size="small" onClick={() => setPageSize(Math.min(MAX_PAGE, pageSize + PAGE))}>
            查看更早的消息
          </Button>
        ) : null}
        {messages.isPending ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={c.role === 'buyer' ? '向卖家提问吧，例如账号细节、能否议价' : '暂无消息'}
          />
        ) : (
          rows.map((m) => (
            <ChatBubble
              key={m.messageId}
              mine={m.senderRole === c.role}
              who={
                <>
                  {m.senderRole === c.role
                    ? '我'
                    : `${m.senderRole === 'seller' ? '卖家' : '买家'} ${m.senderName}`}{' '}
                  · {formatTradeTime(m.createdAt)}
                </>
              }
              text=""
            >
              <ChatMessageBody message={m} />
            </ChatBubble>
          ))
        )}
      </div>
      <Compose conversation={c} />
      <p className="chat-note">
        为保障交易安全，请勿发送
        QQ、微信、手机号、链接等站外联系方式或账号密码；请通过平台下单，货款由平台担保。
      </p>
    </>
  )
}

export default function ChatPage() {
  const { file } = useParams()
  const conversationId = idFromHtmlSegment(file)
  return (
    <CentreLayout centre={CHAT_CENTRE} title="咨询详情" extra={<Link to={CHAT_LIST_PATH}>返回咨询列表</Link>}>
      {conversationId ? (
        <Conversation key={conversationId} conversationId={conversationId} />
      ) : (
        <Empty description="咨询会话不存在" />
      )}
    </CentreLayout>
  )
}
