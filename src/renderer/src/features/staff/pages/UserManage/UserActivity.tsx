/**
 * 用户管理's user detail: the user's money (balance, frozen, escrow; the funds module's staff view)
 * and latest orders as buyer and as seller (订单管理's list filtered by the user's id), each shown
 * only to staff with the permission it needs (docs/console.md, "用户管理").
 */
import { useQuery } from '@tanstack/react-query'
import { Descriptions, List, Spin } from 'antd'
import { ORDER_STATUS_LABELS } from '@shared/api/trade'
import { PERMS } from '@shared/permissions'
import { userWalletQuery } from '@renderer/api/funds'
import { staffOrdersQuery } from '@renderer/api/trade'
import { HasPermi } from '@renderer/components/HasPermi'
import { dateTime, yuanText } from '../../parts/table'

function Wallet({ userId }: { userId: number }) {
  const wallet = useQuery(userWalletQuery(userId))
  if (wallet.isPending) return <Spin size="small" />
  if (!wallet.data) return <span>余额加载失败</span>
  const w = wallet.data
  return (
    <Descriptions column={2} bordered size="small" aria-label="资金">
      <Descriptions.Item label="可用余额">{yuanText(w.available)}</Descriptions.Item>
      <Descriptions.Item label="冻结">{yuanText(w.frozen)}</Descriptions.Item>
      <Descriptions.Item label="买入担保中">{yuanText(w.inEscrowAsBuyer)}</Descriptions.Item>
      <Descriptions.Item label="待结算">{yuanText(w.pendingSettlement)}</Descriptions.Item>
    </Descriptions>
  )
}

function Orders({ userId, side }: { userId: number; side: 'buyer' | 'seller' }) {
  const orders = useQuery(staffOrdersQuery({ pageNum: 1, pageSize: 5, [side]: String(userId) }))
  return (
    <section aria-label={side === 'buyer' ? '买入订单' : '卖出订单'}>
      <List
        size="small"
        loading={orders.isPending}
        locale={{ emptyText: '暂无订单' }}
        dataSource={orders.data?.rows ?? []}
        footer={
          orders.data && orders.data.total > 5 ? `共 ${orders.data.total} 笔，到订单管理查看全部` : null
        }
        renderItem={(o) => (
          <List.Item key={o.orderNo}>
            <span>
              {o.orderNo} · {o.title}
            </span>
            <span>
              {yuanText(o.amount)} · {ORDER_STATUS_LABELS[o.status]} · {dateTime(o.createdAt)}
            </span>
          </List.Item>
        )}
      />
    </section>
  )
}

export function UserActivity({ userId }: { userId: number }) {
  return (
    <>
      <HasPermi permissions={[PERMS.userList]}>
        <h4 className="console-section">资金</h4>
        <Wallet userId={userId} />
      </HasPermi>
      <HasPermi permissions={[PERMS.orderList]}>
        <h4 className="console-section">最近买入</h4>
        <Orders userId={userId} side="buyer" />
        <h4 className="console-section">最近卖出</h4>
        <Orders userId={userId} side="seller" />
      </HasPermi>
    </>
  )
}
