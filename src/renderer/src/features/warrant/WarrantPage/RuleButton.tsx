import { useState } from 'react'
import { Alert, Button, Form, Input, Modal, Radio } from 'antd'
import { RULING_DECISION_LABELS, RULING_LIMITS, type WarrantRoom } from '@shared/api/warrant'
import { useRule } from '@renderer/api/warrant'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { planOf, type RulePlan, type RuleValues } from './rule-plan'
import { validated } from '@renderer/utils/form'

/**
 * Staff's ruling, in two steps. First the decision — no default, staff choose 放款给卖家 / 退款给买家 /
 * 部分退款 (with the refund in 元) — and a written reason both parties will read. Then a confirmation
 * that restates the outcome in money (买家退回 ¥x，卖家结算 ¥y) before anything is sent: the money
 * moves at once and cannot be taken back.
 */
export function RuleButton({ room }: { room: WarrantRoom }) {
  const { orderNo, amount } = room
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<RuleValues>()
  const decision = Form.useWatch('decision', form)
  const [plan, setPlan] = useState<RulePlan | null>(null)
  const rule = useRule()
  const close = () => {
    setOpen(false)
    setPlan(null)
  }
  const review = async () => {
    const values = await validated(form)
    if (!values) return
    setPlan(planOf(values, amount))
  }
  // a refusal is a toast of the request layer; the rooms refresh themselves
  const send = () =>
    plan &&
    rule.mutate(
      { orderNo, decision: plan.decision, refundAmount: plan.refund, reason: plan.reason },
      {
        onSuccess: () => {
          toast('success', `已裁定：${RULING_DECISION_LABELS[plan.decision]}`)
          close()
        },
      },
    )
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        仲裁裁定
      </Button>
      <Modal
        open={open}
        title={plan ? '确认裁定' : '仲裁裁定'}
        onCancel={close}
        destroyOnHidden
        footer={
          plan
            ? [
                <Button key="back" onClick={() => setPlan(null)} disabled={rule.isPending}>
                  返回修改
                </Button>,
                <Button key="send" type="primary" danger loading={rule.isPending} onClick={send}>
                  确认裁定
                </Button>,
              ]
            : [
                <Button key="cancel" onClick={close}>
                  取消
                </Button>,
                <Button key="next" type="primary" onClick={() => void review().catch(() => undefined)}>
                  下一步
                </Button>,
              ]
        }
      >
        {plan ? (
          <div className="warrant-rule__confirm" aria-label="裁定确认">
            <Alert type="warning" showIcon title="提交后资金立即划转，无法撤销，请核对金额。" />
            <p className="warrant-rule__money">
              买家退回 {formatYuan(plan.refund)}，卖家结算 {formatYuan(plan.settle)}
            </p>
            <p>
              裁定结果：{RULING_DECISION_LABELS[plan.decision]}（订单金额 {formatYuan(amount)}）
            </p>
            <p className="warrant-rule__reason">裁决理由：{plan.reason}</p>
          </div>
        ) : null}
        {/* kept mounted under the confirmation, so 返回修改 finds the values as they were */}
        <div hidden={plan !== null}>
          <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
            <p>订单金额 {formatYuan(amount)}，裁定后资金按结果划转给买家和卖家。</p>
            <Form.Item
              name="decision"
              label="裁定结果"
              rules={[{ required: true, message: '请选择裁定结果' }]}
            >
              <Radio.Group
                options={(['RELEASE', 'REFUND', 'SPLIT'] as const).map((value) => ({
                  value,
                  label: RULING_DECISION_LABELS[value],
                }))}
              />
            </Form.Item>
            {decision === 'SPLIT' ? (
              <Form.Item
                name="refundYuan"
                label="退回买家金额（元）"
                extra="其余部分结算给卖家"
                rules={[
                  {
                    validator: async (_, value: string | undefined) => {
                      const fen = yuanToFen(value ?? '')
                      if (fen === null) throw new Error('请输入正确的金额（最多两位小数）')
                      if (fen <= 0 || fen >= amount)
                        throw new Error(
                          `部分退款须大于 0 且小于订单金额 ${formatYuan(amount)}；全额请选择${RULING_DECISION_LABELS.REFUND}`,
                        )
                    },
                  },
                ]}
              >
                <Input prefix="¥" inputMode="decimal" aria-label="退回买家金额" />
              </Form.Item>
            ) : null}
            <Form.Item
              name="reason"
              label="裁决理由（买卖双方可见）"
              rules={[{ required: true, whitespace: true, message: '请填写裁决理由' }]}
            >
              <Input.TextArea rows={3} maxLength={RULING_LIMITS.reasonMax} showCount aria-label="裁决理由" />
            </Form.Item>
          </Form>
        </div>
      </Modal>
    </>
  )
}
