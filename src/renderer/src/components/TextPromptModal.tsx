/**
 * A dialog that asks for one required text — a reply, a reason the other person will read: what it
 * is about above (children), the text area below; submitted trimmed. Whoever renders it closes it.
 */
import type { ReactNode } from 'react'
import { Form, Input, Modal } from 'antd'

export function TextPromptModal({
  open,
  title,
  okText,
  label,
  requiredMessage,
  rows = 3,
  maxLength,
  placeholder,
  loading,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean
  title: string
  okText: string
  label: string
  /** shown when the text is left blank */
  requiredMessage: string
  rows?: number
  maxLength: number
  placeholder?: string
  loading: boolean
  onCancel: () => void
  onSubmit: (text: string) => void
  children?: ReactNode
}) {
  const [form] = Form.useForm<{ text: string }>()
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={loading}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {children}
      <Form form={form} layout="vertical" preserve={false} onFinish={({ text }) => onSubmit(text.trim())}>
        <Form.Item
          name="text"
          label={label}
          rules={[{ required: true, whitespace: true, message: requiredMessage }]}
        >
          <Input.TextArea rows={rows} maxLength={maxLength} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
