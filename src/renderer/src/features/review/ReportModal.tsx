/** 举报 a review (once per user and review; loaded only when a logged-in visitor asks for it). */
import { Form, Input, Modal } from 'antd'
import { REVIEW_LIMITS, type Review } from '@shared/api/review'
import { useReportReview } from '@renderer/api/review'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export default function ReportModal({ review, onClose }: { review: Review; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>()
  const report = useReportReview()
  return (
    <Modal
      open
      title="举报评价"
      okText="提交举报"
      cancelText="取消"
      confirmLoading={report.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <ErrorAlert error={report.error} style={{ marginBottom: 12 }} />
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          report.mutate(
            { reviewId: review.reviewId, reason: reason.trim() },
            {
              onSuccess: () => {
                toast('success', '举报成功，我们会尽快处理')
                onClose()
              },
            },
          )
        }
      >
        <Form.Item
          name="reason"
          label="举报原因"
          rules={[{ required: true, whitespace: true, message: '请填写举报原因' }]}
        >
          <Input.TextArea rows={3} maxLength={REVIEW_LIMITS.reportReason} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}
