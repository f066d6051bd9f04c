/**
 * 提现: the amount, a bank card or Alipay account checked like the server does
 * (src/shared/rules/payee-account.ts), the payee's name (the server requires the user's verified real
 * name) and the payment password. The money is frozen until staff decide (or, to Alipay under the
 * platform's threshold, it is paid out at once); a refusal shows in the dialog.
 */
import { Form, Input, Modal, Radio } from 'antd'
import { PAYEE_NAME_MAX, type Withdrawal } from '@shared/api/funds'
import {
  PAYEE_ACCOUNT_MAX_LENGTH,
  PAYEE_KINDS,
  PAYEE_KIND_LABELS,
  normalizePayeeAccount,
  payeeAccountProblem,
  type PayeeKind,
} from '@shared/rules/payee-account'
import { useCreateWithdrawal } from '@renderer/api/funds'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'

const PAYEE_OPTIONS = PAYEE_KINDS.map((kind) => ({ value: kind, label: PAYEE_KIND_LABELS[kind] }))
const PAYEE_INPUT: Record<PayeeKind, { label: string; placeholder: string; inputMode: 'numeric' | 'email' }> =
  {
    BANK_CARD: { label: '银行卡号', placeholder: '16–19 位银行卡号', inputMode: 'numeric' },
    ALIPAY: { label: '支付宝账号', placeholder: '手机号或邮箱', inputMode: 'email' },
  }

const SUBMITTED: Partial<Record<Withdrawal['status'], string>> & { PENDING: string } = {
  PENDING: '提现申请已提交，审核通过后到账',
  PAYING: '提现打款中，到账结果将以站内信通知',
  PAID: '提现已到账',
}

interface WithdrawValues {
  amount: string
  accountKind: PayeeKind
  account: string
  payeeName: string
  payPassword: string
}

export function WithdrawModal({ available, onClose }: { available: number; onClose: () => void }) {
  const [form] = Form.useForm<WithdrawValues>()
  const kind = Form.useWatch('accountKind', form) ?? 'ALIPAY'
  const withdraw = useCreateWithdrawal()
  const submit = async () => {
    const values = await validated(form)
    if (!values) return
    withdraw.mutate(
      {
        amount: yuanToFen(values.amount) as number,
        accountKind: values.accountKind,
        account: normalizePayeeAccount(values.accountKind, values.account ?? ''),
        payeeName: values.payeeName.trim(),
        payPassword: values.payPassword,
      },
      {
        // under the platform's threshold an Alipay withdrawal is paid out at once
        onSuccess: (w) => {
          toast('success', SUBMITTED[w?.status ?? 'PENDING'] ?? SUBMITTED.PENDING)
          onClose()
        },
      },
    )
  }
  return (
    <Modal
      open
      title="提现"
      okText="提交申请"
      cancelText="取消"
      confirmLoading={withdraw.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>可提现余额 {formatYuan(available)}，提交后金额冻结，平台审核通过后到账。</p>
      <Form form={form} layout="vertical" initialValues={{ accountKind: 'ALIPAY' }}>
        <Form.Item
          name="amount"
          label="提现金额（元）"
          rules={[
            {
              validator: (_, value: string) => {
                const fen = yuanToFen(value ?? '')
                if (fen === null || fen <= 0)
                  return Promise.reject(new Error('请输入正确的金额（最多两位小数）'))
                if (fen > available) return Promise.reject(new Error(`最多可提现 ${formatYuan(available)}`))
                return Promise.resolve()
              },
            },
          ]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" maxLength={12} aria-label="提现金额（元）" />
        </Form.Item>
        <Form.Item name="accountKind" label="收款方式">
          <Radio.Group options={PAYEE_OPTIONS} aria-label="收款方式" />
        </Form.Item>
        <Form.Item
          name="account"
          label={PAYEE_INPUT[kind].label}
          // checked again when the kind changes
          dependencies={['accountKind']}
          rules={[
            ({ getFieldValue }) => ({
              // the server's rule: a bank card of 16–19 digits (Luhn), an Alipay mobile number or e-mail
              validator: (_, value: string | undefined) => {
                const chosen: PayeeKind = getFieldValue('accountKind') ?? 'ALIPAY'
                const problem = payeeAccountProblem(chosen, normalizePayeeAccount(chosen, value ?? ''))
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
              },
            }),
          ]}
        >
          <Input
            maxLength={PAYEE_ACCOUNT_MAX_LENGTH}
            aria-label="收款账号"
            placeholder={PAYEE_INPUT[kind].placeholder}
            inputMode={PAYEE_INPUT[kind].inputMode}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="payeeName"
          label="收款人姓名"
          extra="须与您实名认证的姓名一致"
          rules={[{ required: true, whitespace: true, message: '请输入收款人姓名' }]}
        >
          <Input maxLength={PAYEE_NAME_MAX} aria-label="收款人姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
          <PayPasswordInput />
        </Form.Item>
      </Form>
      <ErrorAlert error={withdraw.error} fallback="提现失败" />
    </Modal>
  )
}
