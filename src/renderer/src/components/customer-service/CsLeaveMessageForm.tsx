/**
 * The leave-a-message form: outside the service hours (10:00-22:30 China time) a logged-in user
 * leaves a message for customer service; it is stored on our server and answered when the agents
 * are back.
 */
import { Button, Form, Input, Select } from 'antd'
import {
  CS_LEAVE_MESSAGE_CATEGORIES,
  CS_LEAVE_MESSAGE_LIMITS,
  type CsLeaveMessageCategory,
} from '@shared/api/cs'
import { SERVICE_HOURS } from '@shared/constants'
import { useLeaveMessage } from '@renderer/api/cs'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { platform } from '@renderer/platform'
import { toast } from '@renderer/utils/toast'
import './customer-service.css'

interface Values {
  category: CsLeaveMessageCategory
  content: string
  contact?: string
}

export function CsLeaveMessageForm({ onDone }: { onDone?: () => void }) {
  const [form] = Form.useForm<Values>()
  const leave = useLeaveMessage()

  const submit = (values: Values) =>
    leave.mutate(
      {
        category: values.category,
        content: values.content.trim(),
        client: platform.kind,
        ...(values.contact?.trim() ? { contact: values.contact.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast('success', '留言成功，客服上线后会尽快处理')
          form.resetFields()
          onDone?.()
        },
      },
    )

  return (
    <div className="cs-closed">
      <p>
        在线客服的服务时间为每日 <strong>{SERVICE_HOURS.label}</strong>（北京时间），现在不在服务时间。
        您可以先留言，客服上线后会按顺序尽快处理。
      </p>
      <ErrorAlert error={leave.error} fallback="留言失败，请稍后再试" style={{ marginBottom: 12 }} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ category: 'ORDER' }}
        onFinish={submit}
        aria-label="客服留言"
      >
        <Form.Item name="category" label="问题类型" rules={[{ required: true, message: '请选择问题类型' }]}>
          <Select
            options={Object.entries(CS_LEAVE_MESSAGE_CATEGORIES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="留言内容"
          rules={[
            { required: true, whitespace: true, message: '请填写留言内容' },
            {
              min: CS_LEAVE_MESSAGE_LIMITS.contentMin,
              message: `留言内容不能少于 ${CS_LEAVE_MESSAGE_LIMITS.contentMin} 个字`,
            },
            {
              max: CS_LEAVE_MESSAGE_LIMITS.contentMax,
              message: `留言内容不能超过 ${CS_LEAVE_MESSAGE_LIMITS.contentMax} 个字`,
            },
          ]}
        >
          <Input.TextArea
            rows={4}
            showCount
            maxLength={CS_LEAVE_MESSAGE_LIMITS.contentMax}
            placeholder="请描述您遇到的问题，如订单号、商品名称等"
          />
        </Form.Item>
        <Form.Item name="contact" label="联系方式（选填）">
          <Input
            maxLength={CS_LEAVE_MESSAGE_LIMITS.contact}
            placeholder="手机号、QQ 或邮箱，客服也会通过站内信回复"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={leave.isPending}>
          提交留言
        </Button>
      </Form>
    </div>
  )
}

export default CsLeaveMessageForm
