/**
 * /account/balance.html: available, frozen, in escrow (as buyer), pending settlement (as seller);
 * 充值 (to the gateway), 提现 (amount, a bank card or Alipay account checked like the server does,
 * payment password), 设置支付密码. Back from the gateway with `?topupNo=` the page polls the top-up
 * until the notification has been applied. My withdrawals show the account masked and, when
 * rejected, staff's reason. Staff (admin) also see the requests waiting for approval (full account)
 * and must give a reason to reject one.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert, Button, Form, Input, Modal, Radio, Skeleton, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ReloadOutlined } from '@ant-design/icons'
import { ROLE_ADMIN } from '@shared/constants'
import type { Withdrawal } from '@shared/api/trade'
import { WITHDRAW_REJECT_REASON_MAX } from '@shared/api/trade-schemas'
import {
  PAYEE_ACCOUNT_MAX_LENGTH,
  PAYEE_KINDS,
  PAYEE_KIND_LABELS,
  normalizePayeeAccount,
  payeeAccountProblem,
  type PayeeKind,
} from '@shared/rules/payee-account'
import { createWithdraw, decideWithdraw, getWallet, listWithdrawals } from '@renderer/api/funds'
import { Pagination } from '@renderer/components/Pagination'
import { useSessionStore } from '@renderer/stores/session'
import { apiErrorText } from '@renderer/utils/api-error'
import { fenToYuan, formatYuan, yuanToFen } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { encryptPayPassword } from '@renderer/features/trade/pay-password'
import { PayPasswordInput, payPasswordRule } from '@renderer/features/trade/PayPage'
import { LoadErrorAlert } from '@renderer/components/LoadErrorAlert'
import { TopupForm } from './TopupForm'
import { TopupResult } from './TopupResult'
import './funds.css'
import { CentreLayout, FUNDS_CENTRE } from '@renderer/app/layouts/CentreLayout'

const PAYEE_OPTIONS = PAYEE_KINDS.map((kind) => ({ value: kind, label: PAYEE_KIND_LABELS[kind] }))
const PAYEE_INPUT: Record<PayeeKind, { label: string; placeholder: string; inputMode: 'numeric' | 'email' }> =
  {
    BANK_CARD: { label: '银行卡号', placeholder: '16–19 位银行卡号', inputMode: 'numeric' },
    ALIPAY: { label: '支付宝账号', placeholder: '手机号或邮箱', inputMode: 'email' },
  }

interface WithdrawValues {
  amount: string
  accountKind: PayeeKind
  account: string
  payPassword: string
}

function WithdrawModal({
  available,
  onClose,
  onDone,
}: {
  available: number
  onClose: () => void
  onDone: () => void
}) {
  const [form] = Form.useForm<WithdrawValues>()
  const kind = Form.useWatch('accountKind', form) ?? 'ALIPAY'
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const submit = async () => {
    const values = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      await createWithdraw({
        amount: yuanToFen(values.amount) as number,
        accountKind: values.accountKind,
        account: normalizePayeeAccount(values.accountKind, values.account ?? ''),
        payPassword: await encryptPayPassword(values.payPassword),
      })
      toast('success', '提现申请已提交，审核通过后到账')
      onDone()
    } catch (err) {
      setError(apiErrorText(err, '提现失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title="提现"
      okText="提交申请"
      cancelText="取消"
      confirmLoading={saving}
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
                if (fen > available) return Promise.reject(new Error(`最多可提现 ${fenToYuan(available)} 元`))
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
        <Form.Item name="payPassword" label="支付密码" rules={[payPasswordRule]}>
          <PayPasswordInput />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}

/** Staff reject a withdrawal: the reason is required (the user reads it in the list and the message). */
function RejectModal({ row, onClose, onDone }: { row: Withdrawal; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const submit = async () => {
    const { reason } = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      await decideWithdraw({ withdrawNo: row.withdrawNo, approve: false, reason: reason.trim() })
      toast('success', '已驳回提现，金额退回用户余额')
      onDone()
    } catch (err) {
      setError(apiErrorText(err, '操作失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title="驳回提现"
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={saving}
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
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}

const WITHDRAW_STATUS: Record<Withdrawal['status'], { label: string; color: string }> = {
  PENDING: { label: '待审核', color: 'orange' },
  APPROVED: { label: '已通过', color: 'green' },
  REJECTED: { label: '已驳回', color: 'default' },
}

/** My withdrawals; for staff, every user's pending requests with approve / reject (with a reason). */
function Withdrawals({
  staff,
  version,
  onChanged,
}: {
  staff: boolean
  version: number
  onChanged: () => void
}) {
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(10)
  const list = useQuery(['withdrawals', staff, page, limit, version], () =>
    listWithdrawals({
      pageNum: page,
      pageSize: limit,
      ...(staff ? { status: 'PENDING' as const, all: true } : {}),
    }),
  )
  const [busy, setBusy] = useState<string | null>(null)
  const [rejecting, setRejecting] = useState<Withdrawal | null>(null)
  const approve = async (row: Withdrawal) => {
    setBusy(row.withdrawNo)
    try {
      await decideWithdraw({ withdrawNo: row.withdrawNo, approve: true })
      toast('success', '已通过提现')
      list.reload()
      onChanged()
    } catch (err) {
      toast('error', apiErrorText(err, '操作失败'))
    } finally {
      setBusy(null)
    }
  }
  const columns: ColumnsType<Withdrawal> = [
    { title: '提现单号', dataIndex: 'withdrawNo' },
    ...(staff ? [{ title: '用户', dataIndex: 'userName' }] : []),
    { title: '金额', dataIndex: 'amount', render: (v: number) => formatYuan(v) },
    {
      title: '收款账户',
      dataIndex: 'account',
      // the user sees it masked; staff, who pay it out, in full
      render: (_: unknown, row) => `${PAYEE_KIND_LABELS[row.accountKind]} ${row.fullAccount ?? row.account}`,
    },
    { title: '申请时间', dataIndex: 'createdAt', render: (v: number) => formatTradeTime(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (v: Withdrawal['status'], row) => (
        <>
          <Tag color={WITHDRAW_STATUS[v].color}>{WITHDRAW_STATUS[v].label}</Tag>
          {v === 'REJECTED' && row.rejectReason ? (
            <div className="withdraw-reason">驳回原因：{row.rejectReason}</div>
          ) : null}
        </>
      ),
    },
    ...(staff
      ? [
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, row: Withdrawal) =>
              row.status === 'PENDING' ? (
                <span style={{ display: 'inline-flex', gap: 8 }}>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === row.withdrawNo}
                    onClick={() => void approve(row)}
                  >
                    通过
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={busy === row.withdrawNo}
                    onClick={() => setRejecting(row)}
                  >
                    驳回
                  </Button>
                </span>
              ) : null,
          },
        ]
      : []),
  ]
  return (
    <section aria-labelledby={`withdraw-${staff}`} style={{ marginTop: 24 }}>
      <h2 className="panel__title" id={`withdraw-${staff}`}>
        {staff ? '提现审核（平台）' : '我的提现'}
      </h2>
      {list.error ? (
        <Alert type="error" showIcon title={apiErrorText(list.error, '提现记录加载失败')} />
      ) : (
        <Table<Withdrawal>
          rowKey="withdrawNo"
          size="small"
          loading={list.loading}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: staff ? '没有待审核的提现' : '暂无提现记录' }}
        />
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        autoScroll={false}
        onChange={(p, l) => {
          setPage(p)
          setLimit(l)
        }}
      />
      {rejecting ? (
        <RejectModal
          row={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null)
            list.reload()
            onChanged()
          }}
        />
      ) : null}
    </section>
  )
}

export default function BalancePage() {
  const [params] = useSearchParams()
  const topupNo = params.get('topupNo')?.trim() || null
  const wallet = useQuery(['wallet'], getWallet)
  const staff = useSessionStore((s) => s.roles.includes(ROLE_ADMIN))
  const [topupOpen, setTopupOpen] = useState(false)
  const [withdrawing, setWithdrawing] = useState(false)
  const [version, setVersion] = useState(0)
  const w = wallet.data
  return (
    <CentreLayout
      centre={FUNDS_CENTRE}

      title="我的账户"
      extra={
        <Button icon={<ReloadOutlined />} onClick={wallet.reload}>
          刷新
        </Button>
      }
    >
      {topupNo ? (
        <div style={{ marginBottom: 16 }}>
          <TopupResult topupNo={topupNo} onPaid={wallet.reload} />
        </div>
      ) : null}
      {wallet.error ? (
        <LoadErrorAlert
          title={apiErrorText(wallet.error, '账户加载失败')}
          onRetry={wallet.reload}
          retryIcon={false}
        />
      ) : !w ? (
        <Skeleton active />
      ) : (
        <>
          <div className="wallet-cards">
            <div className="wallet-card wallet-card--main">
              <span className="wallet-card__label">可用余额</span>
              <span className="wallet-card__value" aria-label="可用余额">
                {formatYuan(w.available)}
              </span>
            </div>
            <div className="wallet-card">
              <span className="wallet-card__label">冻结金额（提现中）</span>
              <span className="wallet-card__value" aria-label="冻结金额">
                {formatYuan(w.frozen)}
              </span>
            </div>
            <div className="wallet-card">
              <span className="wallet-card__label">担保中（我买的订单）</span>
              <span className="wallet-card__value" aria-label="担保中">
                {formatYuan(w.inEscrowAsBuyer)}
              </span>
            </div>
            <div className="wallet-card">
              <span className="wallet-card__label">待结算（我卖的订单）</span>
              <span className="wallet-card__value" aria-label="待结算">
                {formatYuan(w.pendingSettlement)}
              </span>
            </div>
          </div>
          <div className="wallet-actions">
            <Button type="primary" onClick={() => setTopupOpen((v) => !v)}>
              充值
            </Button>
            <Button
              onClick={() => setWithdrawing(true)}
              disabled={!w.hasPayPassword || w.available <= 0}
              title={!w.hasPayPassword ? '请先设置支付密码' : undefined}
            >
              提现
            </Button>
            <Link to="/user/payPass.html">
              <Button>{w.hasPayPassword ? '修改支付密码' : '设置支付密码'}</Button>
            </Link>
            <Link to="/account/balanceDetail.html">
              <Button type="link">收支明细</Button>
            </Link>
          </div>
          {!w.hasPayPassword ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="设置支付密码后才能使用余额支付和提现"
            />
          ) : null}
          {topupOpen ? (
            <section
              className="centre-narrow"
              style={{ margin: '0 0 24px', maxWidth: 420 }}
              aria-label="充值"
            >
              <TopupForm />
            </section>
          ) : null}
        </>
      )}
      {withdrawing && w ? (
        <WithdrawModal
          available={w.available}
          onClose={() => setWithdrawing(false)}
          onDone={() => {
            setWithdrawing(false)
            wallet.reload()
            setVersion((v) => v + 1)
          }}
        />
      ) : null}
      <Withdrawals staff={false} version={version} onChanged={wallet.reload} />
      {staff ? <Withdrawals staff version={version} onChanged={() => setVersion((v) => v + 1)} /> : null}
    </CentreLayout>
  )
}
