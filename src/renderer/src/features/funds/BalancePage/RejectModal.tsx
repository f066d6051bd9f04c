/** Staff reject a withdrawal: the reason is required (the user reads it in the list and the message). */
import { Form, Input, Modal } from 'antd'
import { WITHDRAW_REJECT_REASON_MAX, type Withdrawal } from '@shared/api/funds'
import { useDecideWithdrawal } from '@renderer/api/funds'
import { formatYuan } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'

export function RejectModal({ row, onClose }: { row: Withdrawal; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>()
  const decide = useDecideWithdrawal('caller')
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    const { reason } = values
    decide.mutate(
      { withdrawNo: row.withdrawNo, approve: false, reason: reason.trim() },
      {
        onSuccess: () => {
          toast('success', '已驳回提现，金额退回用户余额')
          onClose()
        },
      },
    )
  }
  return (
    <Modal
      open
      title="驳回提现"
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={decide.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {row.userName} 的提现 {formatYuan(row.amount)}（{row.withdrawNo}）。驳回后金额退回用户可用余额，
        用户会看到驳回原因。
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            {
              max: WITHDRAW_REJECT_REASON_MAX,
              message: `驳回原因不能超过 ${WITHDRAW_REJECT_REASON_MAX} 个字`,
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={WITHDRAW_REJECT_REASON_MAX}
            showCount
            aria-label="驳回原因"
            placeholder="如：收款人姓名与实名信息不符"
          />
        </Form.Item>
      </Form>
      <ErrorAlert error={decide.error} fallback="操作失败" />
    </Modal>
  )
}
