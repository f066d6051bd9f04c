/** Asks for a required reason (a rejection, a take-down): the person affected reads it. */
import { Form, Input, Modal } from 'antd'
import { validated } from '@renderer/utils/form'

export function ReasonModal({
  open,
  title,
  label = '原因',
  maxLength = 200,
  loading,
  onCancel,
  onOk,
}: {
  open: boolean
  title: string
  label?: string
  maxLength?: number
  loading?: boolean
  onCancel: () => void
  onOk: (reason: string) => void
}) {
  const [form] = Form.useForm<{ reason: string }>()
  return (
    <Modal
      open={open}
      title={title}
      confirmLoading={loading}
      onCancel={onCancel}
      onOk={() =>
        void validated(form).then((v) => {
          if (v) onOk(v.reason.trim())
        })
      }
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={label}
          rules={[{ required: true, whitespace: true, message: `请填写${label}` }]}
        >
          <Input.TextArea rows={3} maxLength={maxLength} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
