/**
 * 提现 (docs/trading-rules.md, "Withdrawals"). First the server's figures (FUNDS.withdrawInfo): a user
 * without a verified real name is sent to verify; unspent top-up money is set apart (HeldTopups) — it
 * goes back to its channel (TopupRefundForm), after the hold, never to an account. To an account: the
 * amount (at most what is withdrawable), a bank card or Alipay account checked like the server does
 * (src/shared/rules/payee-account.ts), the payee's name (the verified real name: a mismatch shows on
 * the field), the payment password, and before submitting the fee, what arrives and when
 * (src/shared/rules/withdraw-quote.ts).
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Form, Input, Modal, Radio, Skeleton } from 'antd'
import { PAYEE_NAME_MAX, type WithdrawInfo, type Withdrawal } from '@shared/api/funds'
import {
  PAYEE_ACCOUNT_MAX_LENGTH,
  PAYEE_KINDS,
  PAYEE_KIND_LABELS,
  normalizePayeeAccount,
  payeeAccountProblem,
  type PayeeKind,
} from '@shared/rules/payee-account'
import { WITHDRAW_FEE_NOTE, withdrawQuote } from '@shared/rules/withdraw-quote'
import { useCreateWithdrawal, withdrawInfoQuery } from '@renderer/api/funds'
import { ApiError } from '@renderer/api/http'
import { PayPasswordInput, payPasswordRule } from '@renderer/components/PayPasswordInput'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'
import { HeldTopups } from './HeldTopups'
import { TopupRefundForm } from './TopupRefundForm'

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

type Mode = 'ACCOUNT' | 'BACK'

export function WithdrawModal({ onClose }: { onClose: () => void }) {
  const info = useQuery(withdrawInfoQuery())
  const [mode, setMode] = useState<Mode>('ACCOUNT')
  const navigate = useNavigate()
  const data = info.data
  const body = info.error ? (
    <ErrorAlert error={info.error} fallback="提现信息加载失败" onRetry={() => void info.refetch()} />
  ) : !data ? (
    <Skeleton active />
  ) : data.realName === null ? (
    <Alert
      type="warning"
      showIcon
      title="提现前请先完成实名认证"
      description="提现只能到您本人名下的账户，收款人姓名须与实名认证的姓名一致。"
      action={
        <Button type="primary" onClick={() => navigate('/user/userCert.html')}>
          去实名认证
        </Button>
      }
    />
  ) : (
    <>
      <HeldTopups info={data} />
      {data.heldTopups.length > 0 ? (
        <Radio.Group
          className="withdraw-mode"
          aria-label="提现方式"
          optionType="button"
          value={mode}
          onChange={(e) => setMode(e.target.value as Mode)}
          options={[
            { value: 'ACCOUNT', label: '提现到账户' },
            { value: 'BACK', label: '充值原路退回' },
          ]}
        />
      ) : null}
      {mode === 'BACK' && data.heldTopups.length > 0 ? (
        <TopupRefundForm info={data} onDone={onClose} />
      ) : (
        <AccountForm info={data} onDone={onClose} />
      )}
    </>
  )
  return (
    <Modal open title="提现" footer={null} onCancel={onClose} destroyOnHidden>
      {body}
    </Modal>
  )
}

interface WithdrawValues {
  amount: string
  accountKind: PayeeKind
  account: string
  payeeName: string
  payPassword: string
}

function AccountForm({ info, onDone }: { info: WithdrawInfo; onDone: () => void }) {
  const [form] = Form.useForm<WithdrawValues>()
  const kind = Form.useWatch('accountKind', form) ?? 'ALIPAY'
  const typed = yuanToFen(Form.useWatch('amount', form) ?? '')
  const withdraw = useCreateWithdrawal()
  const quote = withdrawQuote(typed !== null && typed > 0 ? typed : 0, kind, info)
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
          onDone()
        },
        // the payee name is the field at fault: its message shows under it
        onError: (err) => {
          if (err instanceof ApiError && err.reason === 'PAYEE_NAME_MISMATCH')
            form.setFields([{ name: 'payeeName', errors: [err.message] }])
        },
      },
    )
  }
  const nameRefused = withdraw.error instanceof ApiError && withdraw.error.reason === 'PAYEE_NAME_MISMATCH'
  return (
    <>
      <p className="withdraw-lead">
        可提现余额 <strong aria-label="可提现余额">{formatYuan(info.withdrawable)}</strong>
        {info.withdrawable < info.available ? `（可用余额 ${formatYuan(info.available)}）` : null}
      </p>
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
                if (fen > info.withdrawable)
                  return Promise.reject(new Error(`最多可提现 ${formatYuan(info.withdrawable)}`))
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
          extra={`须与您实名认证的姓名（${info.realName}）一致`}
          rules={[{ required: true, whitespace: true, message: '请输入收款人姓名' }]}
        >
          <Input maxLength={PAYEE_NAME_MAX} aria-label="收款人姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
          <PayPasswordInput />
        </Form.Item>
      </Form>
      <dl className="withdraw-quote" aria-label="到账说明">
        <div>
          <dt>手续费</dt>
          <dd>
            {formatYuan(quote.fee)}（{WITHDRAW_FEE_NOTE}）
          </dd>
        </div>
        <div>
          <dt>实际到账</dt>
          <dd aria-label="实际到账">{formatYuan(quote.arrives)}</dd>
        </div>
        <div>
          <dt>预计到账</dt>
          <dd>{quote.arrivalText}</dd>
        </div>
      </dl>
      {nameRefused ? null : <ErrorAlert error={withdraw.error} fallback="提现失败" />}
      <div className="withdraw-actions">
        <Button onClick={onDone}>取消</Button>
        <Button
          type="primary"
          loading={withdraw.isPending}
          disabled={info.withdrawable <= 0}
          onClick={() => void submit().catch(() => undefined)}
        >
          提交申请
        </Button>
      </div>
    </>
  )
}
