/**
 * /message/chat/{conversationId}.html (docs/pre-sale-chat.md): one pre-sale conversation — the
 * listing, the other party, the messages (oldest at the top, mine on the right, earlier ones on
 * request) and the box to write in. What the server would refuse (contact details, passwords) is
 * said before sending, by the same rule (rules/message-safety.ts); the server's refusals show in the
 * same place. Reading the latest messages moves my read marker, so the counts are asked again; a live
 * `chat-message` event refreshes the open conversation (app/live-queries.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Empty, Input, Skeleton } from 'antd'
import { CHAT_LIMITS } from '@shared/api/chat'
import { messageSafetyProblem } from '@shared/rules/message-safety'
import { idFromHtmlSegment } from '@renderer/app/route-table'
import { chatConversationQuery, chatMessagesQuery, useChatRead, useSendChat } from '@renderer/api/chat'
import { CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { errorToShow } from '@renderer/utils/api-error'
import { formatTradeTime } from '@renderer/utils/time'
import { CHAT_CENTRE, CHAT_LIST_PATH } from '../centre'
import '../chat.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ChatBubble } from '@renderer/components/ChatBubble'

const PAGE = 20
const MAX_PAGE = 100

function Conversation({ conversationId }: { conversationId: number }) {
  const [pageSize, setPageSize] = useState(PAGE)
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const conversation = useQuery(chatConversationQuery(conversationId))
  const messages = useQuery(chatMessagesQuery(conversationId, { pageNum: 1, pageSize }))
  const send = useSendChat(conversationId)
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

  const submit = () => {
    const content = draft.trim()
    if (!content) return setProblem('请输入消息内容')
    const refused = messageSafetyProblem(content, { place: '咨询' })
    if (refused) return setProblem(refused)
    setProblem(null)
    send.mutate(content, {
      onSuccess: () => setDraft(''),
      onError: (err) => setProblem(errorToShow(err, '发送失败，请稍后再试') ?? null),
    })
  }

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
              text={m.content}
            />
          ))
        )}
      </div>
      {problem ? <Alert className="chat-problem" type="warning" showIcon title={problem} /> : null}
      <div className="chat-compose">
        <Input.TextArea
          aria-label="消息内容"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault()
              submit()
            }
          }}
          maxLength={CHAT_LIMITS.content}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        />
        <Button type="primary" loading={send.isPending} onClick={submit}>
          发送
        </Button>
      </div>
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
