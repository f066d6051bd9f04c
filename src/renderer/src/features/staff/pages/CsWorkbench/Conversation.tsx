/**
 * The open conversation: its messages (oldest first), the reply box with the team's canned replies,
 * and the actions — end, transfer (supervisor). Agent messages carry the staff name and 工号.
 */
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Image, Input, Modal, Select, Space, Tag, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { CS_CONVERSATION_STATUS_LABELS, CS_LIMITS, type CsMessage } from '@shared/api/cs'
import { PERMS } from '@shared/permissions'
import {
  csAgentConversationQuery,
  csAgentMessagesQuery,
  csAgentsQuery,
  csCannedQuery,
  useAgentEnd,
  useAgentSend,
  useTake,
  useTransfer,
} from '@renderer/api/cs-agent'
import { imageSrc } from '@renderer/api/goods'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useHasPermi } from '@renderer/components/use-permission'
import { parseTime } from '@renderer/utils/time'

function Bubble({ m }: { m: CsMessage }) {
  if (m.sender === 'system') return <div className="cs-wb__system">{m.content}</div>
  return (
    <div className={`cs-wb__msg cs-wb__msg--${m.sender}`}>
      <div className="cs-wb__who">
        {m.sender === 'agent' ? `${m.senderName}（工号 ${m.staffNo}）` : m.senderName} ·{' '}
        {parseTime(m.createdAt, 'HH:mm:ss')}
      </div>
      <div className="cs-wb__bubble">
        {m.content}
        {m.imageUrls.map((u) => (
          <Image key={u} src={imageSrc(u)} width={120} />
        ))}
      </div>
    </div>
  )
}

function TransferButton({ conversationId }: { conversationId: number }) {
  const [open, setOpen] = useState(false)
  const [to, setTo] = useState<number | null>(null)
  const agents = useQuery({ ...csAgentsQuery(), enabled: open })
  const transfer = useTransfer()
  return (
    <>
      <Button onClick={() => setOpen(true)}>转接</Button>
      <Modal
        title="转接给其他客服"
        open={open}
        okText="转接"
        okButtonProps={{ disabled: to === null, loading: transfer.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          to !== null &&
          transfer.mutate({ conversationId, toUserId: to }, { onSuccess: () => setOpen(false) })
        }
      >
        <Select
          style={{ width: '100%' }}
          placeholder="选择接手的客服"
          value={to ?? undefined}
          onChange={setTo}
          options={(agents.data ?? []).map((a) => ({
            value: a.userId,
            label: `${a.staffName}（${a.staffNo}）· ${a.available ? '在线' : '离线'} · 接待 ${a.load}/${a.maxLoad}`,
          }))}
        />
      </Modal>
    </>
  )
}

export function Conversation({
  conversationId,
  myUserId,
}: {
  conversationId: number
  myUserId: number | null
}) {
  const supervisor = useHasPermi([PERMS.csSupervise])
  const conversation = useQuery(csAgentConversationQuery(conversationId))
  const messages = useQuery(csAgentMessagesQuery(conversationId))
  const canned = useQuery(csCannedQuery())
  const send = useAgentSend()
  const end = useAgentEnd()
  const take = useTake()
  const [text, setText] = useState('')
  const bottom = useRef<HTMLDivElement>(null)
  const count = messages.data?.length ?? 0
  // a block body: Chromium answers scrollIntoView with a promise, and an effect's returned value is
  // called by React as its cleanup ("is not a function" once the count changes)
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' })
  }, [count])

  const c = conversation.data
  if (conversation.error)
    return (
      <ErrorAlert
        error={conversation.error}
        fallback="会话加载失败"
        onRetry={() => void conversation.refetch()}
      />
    )
  if (!c) return null
  const mine = c.agentUserId === myUserId
  const canAnswer = c.status === 'ACTIVE' && (mine || supervisor)
  const submit = () => {
    const content = text.trim()
    if (!content) return
    send.mutate({ conversationId, content }, { onSuccess: () => setText('') })
  }
  return (
    <div className="cs-wb__conv">
      <div className="cs-wb__conv-head">
        <Space wrap>
          <Typography.Text strong>{c.userName}</Typography.Text>
          <Tag color={c.status === 'ACTIVE' ? 'green' : c.status === 'WAITING' ? 'red' : 'default'}>
            {CS_CONVERSATION_STATUS_LABELS[c.status]}
          </Tag>
          {c.agent ? (
            <Typography.Text type="secondary">
              接待：{c.agent.staffName}（{c.agent.staffNo}）
            </Typography.Text>
          ) : null}
          {c.rating ? (
            <Tag color="gold">
              评分 {c.rating.score}
              {c.rating.text ? `：${c.rating.text}` : ''}
            </Tag>
          ) : null}
        </Space>
        <Space>
          {c.status === 'WAITING' ? (
            <Button type="primary" loading={take.isPending} onClick={() => take.mutate(conversationId)}>
              接待
            </Button>
          ) : null}
          {supervisor && c.status !== 'ENDED' ? <TransferButton conversationId={conversationId} /> : null}
          {c.status !== 'ENDED' && (mine || supervisor) ? (
            <Button danger loading={end.isPending} onClick={() => end.mutate(conversationId)}>
              结束会话
            </Button>
          ) : null}
        </Space>
      </div>
      <div className="cs-wb__messages" aria-label="会话消息">
        {messages.error ? <ErrorAlert error={messages.error} fallback="消息加载失败" /> : null}
        {(messages.data ?? []).map((m) => (
          <Bubble key={m.messageId} m={m} />
        ))}
        <div ref={bottom} />
      </div>
      {canAnswer ? (
        <div className="cs-wb__compose">
          <Select
            size="small"
            placeholder="快捷回复"
            style={{ width: 200 }}
            value={null}
            onChange={(v: number) => {
              const r = canned.data?.find((x) => x.cannedId === v)
              if (r) setText((t) => (t ? `${t}\n${r.content}` : r.content))
            }}
            options={(canned.data ?? []).map((r) => ({ value: r.cannedId, label: r.title }))}
            notFoundContent="本组暂无快捷回复"
          />
          <Input.TextArea
            aria-label="回复内容"
            rows={3}
            value={text}
            maxLength={CS_LIMITS.content}
            showCount
            placeholder="输入回复，Ctrl+Enter 发送"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit()
            }}
          />
          <Button type="primary" loading={send.isPending} disabled={!text.trim()} onClick={submit}>
            发送
          </Button>
        </div>
      ) : c.status === 'ACTIVE' ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该会话由其他客服接待" />
      ) : null}
    </div>
  )
}
