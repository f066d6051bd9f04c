/**
 * The user's 在线客服 conversation (docs/customer-service.md, "The user's side"): shown in the web's
 * panel (a full-screen sheet on a phone) and as the desktop client's customer-service window
 * (/service/chat.html).
 *
 * - Which conversation: the one the user has open (waiting or answered); one that ended and is not
 *   rated yet (its rating form shows; writing again starts a new one); opened from an order, a listing
 *   or a dispute (`about`), the open one is resumed with that attachment (or a new one is opened).
 *   Otherwise nothing is opened until the user writes (no empty conversation waits in the queue).
 * - The state line: the place in the queue inside the hours; outside them the message is kept and
 *   the user is told when it will be answered; the answering agent's name and 工号 with a link that
 *   verifies the number.
 * - Messages resume from the last id held (api/cs-conversation.ts): a live `cs-message`, a reconnect
 *   or the next look all fetch "after my last id" — no gap, no duplicate, in order.
 */
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Popconfirm, Skeleton } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import {
  CS_CONVERSATION_STATUS_LABELS,
  type CsConversation as Conversation,
  type CsServiceStatus,
} from '@shared/api/cs'
import type { CsOpenedAbout } from '@shared/desktop'
import {
  csConversationQuery,
  csLatestQuery,
  csMessagesQuery,
  csStatusQuery,
  useEndCs,
  useOpenCs,
  useSendCs,
} from '@renderer/api/cs-conversation'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { platform } from '@renderer/platform'
import { parseTime } from '@renderer/utils/time'
import { CsCompose } from './Compose'
import { CsMessages } from './Messages'
import { CsRating } from './Rating'
import { attachmentLabel, attachmentPath, csVerifyPath } from './paths'
import '../customer-service.css'

export interface CsConversationProps {
  /** what it was opened from (an order, a listing, a dispute) */
  about?: CsOpenedAbout
  /** a link that leaves the conversation was followed (the panel closes) */
  onLeave?: () => void
}

const aboutKey = (about?: CsOpenedAbout) =>
  about?.orderNo
    ? `o:${about.orderNo}`
    : about?.goodsId
      ? `g:${about.goodsId}`
      : about?.disputeId
        ? `d:${about.disputeId}`
        : ''

/** When a message left now is answered: the next opening, in China time. */
export const answerTimeText = (at: number) => parseTime(at, 'M月D日 HH:mm')

/** The line under the title: where the conversation stands. */
function StateLine({
  conversation,
  status,
  notice,
  onLeave,
}: {
  conversation: Conversation | null
  status: CsServiceStatus | undefined
  notice: string | null
  onLeave?: () => void
}) {
  const hours = status?.hours ?? '10:00-22:30'
  const closedText =
    status && !status.inHours && status.nextOpenAt
      ? `现在不在服务时间（每日 ${hours}），您可以先留言，客服将于 ${answerTimeText(status.nextOpenAt)} 上班后回复。`
      : `现在不在服务时间（每日 ${hours}），您可以先留言，客服上班后会尽快回复。`
  if (!conversation || conversation.status === 'ENDED') {
    if (status && !status.inHours) return <Alert type="info" showIcon title={closedText} />
    return (
      <Alert
        type="success"
        showIcon
        title={`客服在线（每日 ${hours}），请直接描述您的问题，官方客服不会向您索要密码或验证码。`}
      />
    )
  }
  if (conversation.status === 'WAITING') {
    if (conversation.leftMessage || (status && !status.inHours)) {
      return <Alert type="info" showIcon title={notice ?? `您的消息已作为留言保存。${closedText}`} />
    }
    const place = conversation.queuePosition
    return (
      <Alert
        type="warning"
        showIcon
        title={place ? `正在为您接入客服，您当前排在第 ${place} 位` : '正在为您接入客服，请稍候'}
        description={notice && !notice.includes('排在') ? notice : undefined}
      />
    )
  }
  const agent = conversation.agent
  return (
    <Alert
      type="success"
      showIcon
      title={
        agent ? (
          <>
            平台客服 <strong>{agent.staffName}</strong>（工号 {agent.staffNo}）正在为您服务{' '}
            <Link to={csVerifyPath(agent.staffNo)} onClick={onLeave} className="cs-verify-link">
              <SafetyCertificateOutlined /> 验证工号
            </Link>
          </>
        ) : (
          '客服正在为您服务'
        )
      }
    />
  )
}

export function CsConversation({ about, onLeave }: CsConversationProps) {
  const status = useQuery(csStatusQuery())
  const latest = useQuery(csLatestQuery())
  const open = useOpenCs()
  const send = useSendCs()
  const end = useEndCs()
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  // opened from an order, a listing or a dispute: resume (or open) the conversation with it attached
  const key = aboutKey(about)
  const opened = useRef('')
  useEffect(() => {
    if (!key || opened.current === key) return
    opened.current = key
    open.mutate(
      { ...about, client: platform.kind },
      { onSuccess: (result) => setChosenId(result.conversation.conversationId) },
    )
  }, [key]) // eslint-disable-line react-hooks/exhaustive-deps

  const newest = latest.data ?? null
  const resumable = newest && (newest.status !== 'ENDED' || !newest.rating) ? newest : null
  const conversationId = chosenId ?? resumable?.conversationId ?? null
  // the conversation shown stays shown (rated, it is no longer the one to resume): kept while rendering
  if (chosenId === null && resumable) setChosenId(resumable.conversationId)
  const conversation = useQuery({
    ...csConversationQuery(conversationId ?? 0),
    enabled: conversationId !== null,
    initialData: resumable && resumable.conversationId === conversationId ? resumable : undefined,
  })
  const thread = useQuery({ ...csMessagesQuery(conversationId ?? 0), enabled: conversationId !== null })
  const c = conversationId !== null ? (conversation.data ?? null) : null

  if (latest.isPending || (key && open.isPending && !chosenId)) return <Skeleton active />
  if (latest.error) {
    return (
      <ErrorAlert error={latest.error} fallback="在线客服加载失败" onRetry={() => void latest.refetch()} />
    )
  }

  /** the conversation to write in: the open one, or a new one (none yet, or the last ended) */
  const sendBody = async (body: { content?: string; imageId?: string }) => {
    let target = c
    if (!target || target.status === 'ENDED') {
      const result = await open.mutateAsync({ client: platform.kind })
      target = result.conversation
      setChosenId(target.conversationId)
    }
    const result = await send.mutateAsync({ ...body, conversationId: target.conversationId })
    setNotice(result.notice)
    return result
  }

  const live = c && c.status !== 'ENDED'
  return (
    <div className="cs-conversation">
      <div className="cs-conversation__state">
        <StateLine conversation={c} status={status.data} notice={notice} onLeave={onLeave} />
      </div>
      {c?.attachment ? (
        <div className="cs-attachment" aria-label="咨询关联">
          <span className="cs-attachment__kind">{attachmentLabel(c.attachment)}</span>
          {attachmentPath(c.attachment) ? (
            <Link to={attachmentPath(c.attachment)!} onClick={onLeave} className="cs-attachment__title">
              {c.attachment.title}
            </Link>
          ) : (
            <span className="cs-attachment__title">{c.attachment.title}</span>
          )}
        </div>
      ) : null}
      <ErrorAlert error={open.error} fallback="在线客服暂时无法连接，请稍后再试" />
      {c ? (
        <div className="cs-conversation__bar">
          <span className={`cs-status cs-status--${c.status.toLowerCase()}`}>
            {CS_CONVERSATION_STATUS_LABELS[c.status]}
          </span>
          {live ? (
            <Popconfirm
              title="结束本次咨询？"
              okText="结束"
              cancelText="取消"
              onConfirm={() => end.mutate(c.conversationId)}
            >
              <Button size="small" loading={end.isPending}>
                结束会话
              </Button>
            </Popconfirm>
          ) : null}
        </div>
      ) : null}
      {thread.error ? (
        <ErrorAlert error={thread.error} fallback="消息加载失败" onRetry={() => void thread.refetch()} />
      ) : null}
      <CsMessages
        messages={thread.data?.messages ?? []}
        onLeave={onLeave}
        empty={
          conversationId !== null && thread.isPending ? (
            <Skeleton active />
          ) : (
            <p className="cs-empty">您好，这里是平台客服。请描述您遇到的问题，可发送文字或截图。</p>
          )
        }
      />
      {c?.status === 'ENDED' ? <CsRating conversation={c} /> : null}
      <CsCompose
        send={sendBody}
        sending={send.isPending || open.isPending}
        placeholder={c?.status === 'ENDED' ? '发送消息将开始新的咨询' : undefined}
      />
      <p className="chat-note">
        官方客服不会索要密码、验证码，也不会要求转账或支付“解冻费”。请勿发送
        QQ、微信、手机号等站外联系方式或账号密码。
      </p>
    </div>
  )
}

export default CsConversation
