/**
 * The box under a conversation (docs/pre-sale-chat.md): text (Enter sends, Shift+Enter a new line;
 * what the server would refuse is said before sending by the same rule), an image (JPEG/PNG/WebP
 * within CHAT_LIMITS.imageMaxBytes, uploaded through the listing image upload, then sent), the
 * listing as a card (the buyer), and the seller's quick replies (a tap puts one into the box).
 * The server's refusals show in the same place.
 */
import { useState } from 'react'
import { Alert, Button, Input, Upload } from 'antd'
import { PictureOutlined, ShoppingOutlined } from '@ant-design/icons'
import { CHAT_LIMITS, type ChatConversation } from '@shared/api/chat'
import { messageSafetyProblem } from '@shared/rules/message-safety'
import { uploadGoodsImage } from '@renderer/api/goods'
import { useSendChat } from '@renderer/api/chat'
import { errorToShow } from '@renderer/utils/api-error'
import { QuickReplies } from './QuickReplies'

const MB = 1024 * 1024

/** Why a picked file cannot be sent (null: it may be uploaded; the server checks its content). */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(CHAT_LIMITS.imageMimeTypes as readonly string[]).includes(file.type))
    return '只能发送 JPG、PNG 或 WebP 图片'
  if (file.size > CHAT_LIMITS.imageMaxBytes) return `图片不能超过 ${CHAT_LIMITS.imageMaxBytes / MB} MB`
  return null
}

export function Compose({ conversation: c }: { conversation: ChatConversation }) {
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const send = useSendChat(c.conversationId)
  const failed = (err: unknown) => setProblem(errorToShow(err, '发送失败，请稍后再试') ?? null)

  const submit = () => {
    const content = draft.trim()
    if (!content) return setProblem('请输入消息内容')
    const refused = messageSafetyProblem(content, { place: '咨询' })
    if (refused) return setProblem(refused)
    setProblem(null)
    send.mutate({ content }, { onSuccess: () => setDraft(''), onError: failed })
  }

  const sendImage = (file: File) => {
    const refused = imageProblem(file)
    if (refused) return setProblem(refused)
    setProblem(null)
    setUploading(true)
    uploadGoodsImage(file)
      .then((image) => send.mutateAsync({ kind: 'IMAGE', imageId: image.imageId }))
      .catch(failed)
      .finally(() => setUploading(false))
  }

  return (
    <>
      {c.role === 'seller' ? (
        <QuickReplies onPick={(text) => setDraft((d) => (d.trim() ? `${d}${text}` : text))} />
      ) : null}
      {problem ? <Alert className="chat-problem" type="warning" showIcon title={problem} /> : null}
      <div className="chat-tools">
        <Upload
          accept={CHAT_LIMITS.imageMimeTypes.join(',')}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            sendImage(file)
            return false
          }}
        >
          <Button size="small" icon={<PictureOutlined />} loading={uploading}>
            图片
          </Button>
        </Upload>
        {c.role === 'buyer' ? (
          <Button
            size="small"
            icon={<ShoppingOutlined />}
            disabled={send.isPending}
            onClick={() => {
              setProblem(null)
              send.mutate({ kind: 'GOODS' }, { onError: failed })
            }}
          >
            商品卡片
          </Button>
        ) : null}
      </div>
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
        <Button type="primary" loading={send.isPending && !uploading} onClick={submit}>
          发送
        </Button>
      </div>
    </>
  )
}
