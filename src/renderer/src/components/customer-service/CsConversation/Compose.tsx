/**
 * Writing to support: a text (Enter sends, Shift+Enter a new line) or a picture (the site's image
 * upload; the picture is sent as soon as it is uploaded). The server refuses contact details and
 * passwords; its message is shown in place (the conversation passes it as `problem`).
 */
import { useRef, useState } from 'react'
import { Alert, Button, Input } from 'antd'
import { PictureOutlined } from '@ant-design/icons'
import { CS_LIMITS } from '@shared/api/cs'
import { GOODS_LIMITS } from '@shared/api/goods'
import { uploadGoodsImage } from '@renderer/api/goods'
import { checkImageFile } from '@renderer/features/seller/publish-form'
import { errorToShow } from '@renderer/utils/api-error'

export interface ComposeProps {
  /** sends; rejects with the server's refusal */
  send(body: { content?: string; imageId?: string }): Promise<unknown>
  sending: boolean
  disabled?: boolean
  placeholder?: string
}

export function CsCompose({ send, sending, disabled, placeholder }: ComposeProps) {
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const file = useRef<HTMLInputElement>(null)

  const fail = (error: unknown) =>
    setProblem(errorToShow(error, '发送失败，请稍后再试') ?? '发送失败，请稍后再试')

  const submit = () => {
    const content = draft.trim()
    if (!content) return setProblem('请输入消息内容')
    if (content.length > CS_LIMITS.content) return setProblem(`消息内容不能超过 ${CS_LIMITS.content} 个字`)
    setProblem(null)
    send({ content }).then(() => setDraft(''), fail)
  }

  const pick = async (picked: File | undefined) => {
    if (!picked) return
    const bad = checkImageFile(picked)
    if (bad) return setProblem(bad)
    setProblem(null)
    setUploading(true)
    try {
      const image = await uploadGoodsImage(picked)
      await send({ imageId: image.imageId })
    } catch (error) {
      fail(error)
    } finally {
      setUploading(false)
      if (file.current) file.current.value = ''
    }
  }

  return (
    <>
      {problem ? (
        <Alert className="chat-problem cs-problem" type="warning" showIcon title={problem} role="alert" />
      ) : null}
      <div className="chat-compose cs-compose">
        <Button
          icon={<PictureOutlined />}
          aria-label="发送图片"
          loading={uploading}
          disabled={disabled || sending}
          onClick={() => file.current?.click()}
        />
        <input
          ref={file}
          type="file"
          hidden
          accept={GOODS_LIMITS.imageMimeTypes.join(',')}
          aria-label="选择图片"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Input.TextArea
          aria-label="消息内容"
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value)
            // a refusal is about the text it refused: editing it puts it away
            if (problem) setProblem(null)
          }}
          onPressEnter={(e) => {
            if (!e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              submit()
            }
          }}
          maxLength={CS_LIMITS.content}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={placeholder ?? '请描述您的问题，Enter 发送'}
        />
        <Button type="primary" loading={sending && !uploading} disabled={disabled} onClick={submit}>
          发送
        </Button>
      </div>
    </>
  )
}
