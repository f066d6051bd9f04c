/**
 * /platform/feedback.html 意见反馈 (docs/platform-pages.md): the form (type from the dictionary, content,
 * up to six screenshots, contact) and the caller's feedback with status and staff replies. Logged
 * out: the page asks to log in. Everything user-written is shown as text, never as HTML.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router-dom'
import { Breadcrumb, Button, Form, Input, Result, Select } from 'antd'
import { FEEDBACK_LIMITS } from '@shared/api/feedback'
import { feedbackTypesQuery, useAddFeedback } from '@renderer/api/feedback'
import { useSessionStore } from '@renderer/stores/session'
import { ImageUploader } from '@renderer/features/seller/ImageUploader'
import { imageIdsOf, type ShotFile } from '@renderer/features/seller/publish-form'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { errorToShow } from '@renderer/utils/api-error'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import { toast } from '@renderer/utils/toast'
import { MyFeedbackList } from './MyFeedbackList'
import '../feedback.css'

interface FormValues {
  feedbackType: string
  content: string
  contact?: string
  shots?: ShotFile[]
}

function FeedbackForm() {
  const [form] = Form.useForm<FormValues>()
  const types = useQuery(feedbackTypesQuery())
  const add = useAddFeedback()
  const [refusal, setRefusal] = useState<string | null>(null)

  const submit = (values: FormValues) => {
    setRefusal(null)
    add.mutate(
      {
        feedbackType: values.feedbackType,
        content: values.content,
        contact: values.contact?.trim() || undefined,
        imageIds: imageIdsOf(values.shots ?? []),
      },
      {
        onSuccess: () => {
          toast('success', '提交成功，感谢您的反馈')
          form.resetFields()
        },
        onError: (error) => setRefusal(errorToShow(error, '提交失败，请稍后再试') ?? null),
      },
    )
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} className="feedback-form" requiredMark>
      <Form.Item name="feedbackType" label="反馈类型" rules={[{ required: true, message: '请选择反馈类型' }]}>
        <Select
          placeholder="请选择反馈类型"
          loading={types.isPending}
          aria-label="反馈类型"
          options={(types.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
        />
      </Form.Item>
      <Form.Item
        name="content"
        label="反馈内容"
        rules={[
          { required: true, whitespace: true, message: '请填写反馈内容' },
          {
            min: FEEDBACK_LIMITS.contentMin,
            message: `反馈内容至少 ${FEEDBACK_LIMITS.contentMin} 个字`,
          },
        ]}
      >
        <Input.TextArea
          rows={6}
          showCount
          maxLength={FEEDBACK_LIMITS.contentMax}
          placeholder="请详细描述您遇到的问题或建议，便于我们尽快处理"
        />
      </Form.Item>
      <Form.Item name="shots" label={`截图（选填，最多 ${FEEDBACK_LIMITS.images} 张）`} valuePropName="value">
        <ImageUploader max={FEEDBACK_LIMITS.images} />
      </Form.Item>
      <Form.Item name="contact" label="联系方式（选填）">
        <Input maxLength={FEEDBACK_LIMITS.contact} placeholder="QQ、手机或邮箱，方便客服联系您" />
      </Form.Item>
      <ErrorAlert error={refusal} className="feedback-form__alert" />
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        提交反馈
      </Button>
    </Form>
  )
}

export default function FeedbackPage() {
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const location = useLocation()
  return (
    <div className="page-container feedback-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '平台服务' }, { title: '意见反馈' }]}
      />
      {!loggedIn ? (
        <section className="panel">
          <Result
            status="info"
            title="登录后即可提交意见反馈"
            subTitle="您的每一条反馈客服都会认真查看，回复会通过站内信通知您。"
            extra={
              <Link to={loginPathWithRedirect(location.pathname)}>
                <Button type="primary">去登录</Button>
              </Link>
            }
          />
        </section>
      ) : (
        <div className="feedback-layout">
          <section className="panel feedback-layout__form">
            <h1 className="page-title">意见反馈</h1>
            <FeedbackForm />
          </section>
          <section className="panel feedback-layout__mine">
            <h2 className="feedback-mine__title">我的反馈</h2>
            <MyFeedbackList />
          </section>
        </div>
      )}
    </div>
  )
}
