/**
 * /account/balance.html: available, frozen, in escrow (as buyer), pending settlement (as seller);
 * 充值 (to the gateway), 提现 (WithdrawModal.tsx), 设置支付密码. Back from the gateway with
 * `?topupNo=` the page follows the top-up until the notification has been applied. My withdrawals
 * show the account masked and, when rejected, staff's reason. Staff (admin) also see the requests
 * waiting for approval in the console (提现审核, docs/console.md): this page links there.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert, Button, Skeleton } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { ROLE_ADMIN } from '@shared/constants'
import type { Wallet } from '@shared/api/funds'
import { walletQuery } from '@renderer/api/funds'
import { CentreLayout, FUNDS_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { TopupForm } from '@renderer/components/topup/TopupForm'
import { TopupResult } from '@renderer/components/topup/TopupResult'
import { useSessionStore } from '@renderer/stores/session'
import { formatYuan } from '@renderer/utils/money'
import { WithdrawModal } from './WithdrawModal'
import { Withdrawals } from './Withdrawals'
import '../funds.css'

const CARDS: Array<{ key: keyof Wallet; label: string; name: string; main?: boolean }> = [
  { key: 'available', label: '可用余额', name: '可用余额', main: true },
  { key: 'frozen', label: '冻结金额（提现中）', name: '冻结金额' },
  { key: 'inEscrowAsBuyer', label: '担保中（我买的订单）', name: '担保中' },
  { key: 'pendingSettlement', label: '待结算（我卖的订单）', name: '待结算' },
]

export default function BalancePage() {
  const [params] = useSearchParams()
  const topupNo = params.get('topupNo')?.trim() || null
  const wallet = useQuery(walletQuery())
  const staff = useSessionStore((s) => s.roles.includes(ROLE_ADMIN))
  const [topupOpen, setTopupOpen] = useState(false)
  const [withdrawing, setWithdrawing] = useState(false)
  const w = wallet.data
  return (
    <CentreLayout
      centre={FUNDS_CENTRE}
      title="我的账户"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void wallet.refetch()}>
          刷新
        </Button>
      }
    >
      {topupNo ? (
        <div style={{ marginBottom: 16 }}>
          <TopupResult topupNo={topupNo} />
        </div>
      ) : null}
      {wallet.error ? (
        <ErrorAlert
          error={wallet.error}
          fallback="账户加载失败"
          onRetry={() => void wallet.refetch()}
          retryIcon={false}
        />
      ) : !w ? (
        <Skeleton active />
      ) : (
        <>
          <div className="wallet-cards">
            {CARDS.map((card) => (
              <div key={card.key} className={card.main ? 'wallet-card wallet-card--main' : 'wallet-card'}>
                <span className="wallet-card__label">{card.label}</span>
                <span className="wallet-card__value" aria-label={card.name}>
                  {formatYuan(w[card.key] as number)}
                </span>
              </div>
            ))}
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
      {withdrawing && w ? <WithdrawModal onClose={() => setWithdrawing(false)} /> : null}
      <Withdrawals staff={false} />
      {staff ? (
        <Alert
          style={{ marginTop: 24 }}
          type="info"
          showIcon
          title={
            <>
              提现审核已移至管理后台：<Link to="/console/audit/withdraw">前往提现审核</Link>
            </>
          }
        />
      ) : null}
    </CentreLayout>
  )
}
