/**
 * A seller's quick replies (docs/pre-sale-chat.md, "Quick replies"): the list as chips above the box
 * — a tap puts the text into the box — and 管理 to add, edit and remove them (at most
 * CHAT_LIMITS.quickReplies, each at most CHAT_LIMITS.quickReply characters; the server refuses
 * contact details as in a message and the dialog shows why).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Input, List, Modal, Popconfirm, Space, Tag } from 'antd'
import { CHAT_LIMITS, type ChatQuickReply } from '@shared/api/chat'
import { messageSafetyProblem } from '@shared/rules/message-safety'
import { quickRepliesQuery, useRemoveQuickReply, useSaveQuickReply } from '@renderer/api/chat'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

function Manage({ replies, onClose }: { replies: ChatQuickReply[]; onClose: () => void }) {
  const [editing, setEditing] = useState<{ replyId?: number; content: string } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSaveQuickReply()
  const remove = useRemoveQuickReply()
  const full = replies.length >= CHAT_LIMITS.quickReplies

  const submit = () => {
    if (!editing) return
    const content = editing.content.trim()
    if (!content) return setProblem('请输入快捷回复内容')
    const refused = messageSafetyProblem(content, { place: '咨询' })
    if (refused) return setProblem(refused)
    setProblem(null)
    save.mutate(
      { replyId: editing.replyId, content },
      { onSuccess: () => setEditing(null), onError: () => undefined },
    )
  }

  return (
    <Modal open title="管理快捷回复" footer={null} onCancel={onClose} destroyOnHidden>
      <List
        size="small"
        dataSource={replies}
        locale={{ emptyText: '还没有快捷回复' }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" size="small" onClick={() => setEditing({ ...r })}>
                编辑
              </Button>,
              <Popconfirm key="remove" title="删除这条快捷回复？" onConfirm={() => remove.mutate(r.replyId)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <span className="chat-quick__text">{r.content}</span>
          </List.Item>
        )}
      />
      {editing ? (
        <div className="chat-quick__form">
          <Input.TextArea
            aria-label="快捷回复内容"
            value={editing.content}
            maxLength={CHAT_LIMITS.quickReply}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => setEditing({ ...editing, content: e.target.value })}
          />
          {problem ? (
            <ErrorAlert error={problem} />
          ) : save.error ? (
            <ErrorAlert error={save.error} fallback="保存失败" />
          ) : null}
          <Space>
            <Button type="primary" loading={save.isPending} onClick={submit}>
              保存
            </Button>
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Space>
        </div>
      ) : (
        <Button block disabled={full} onClick={() => setEditing({ content: '' })}>
          {full ? `最多 ${CHAT_LIMITS.quickReplies} 条` : '添加快捷回复'}
        </Button>
      )}
    </Modal>
  )
}

/** The chips and the manage dialog; `onPick` puts a reply's text into the box. */
export function QuickReplies({ onPick }: { onPick: (text: string) => void }) {
  const replies = useQuery(quickRepliesQuery())
  const [managing, setManaging] = useState(false)
  const rows = replies.data ?? []
  return (
    <div className="chat-quick" aria-label="快捷回复">
      <span className="chat-quick__label">快捷回复</span>
      {rows.map((r) => (
        <Tag.CheckableTag key={r.replyId} checked={false} onChange={() => onPick(r.content)}>
          {r.content}
        </Tag.CheckableTag>
      ))}
      <Button type="link" size="small" onClick={() => setManaging(true)}>
        {rows.length === 0 ? '添加' : '管理'}
      </Button>
      {managing ? <Manage replies={rows} onClose={() => setManaging(false)} /> : null}
    </div>
  )
}
