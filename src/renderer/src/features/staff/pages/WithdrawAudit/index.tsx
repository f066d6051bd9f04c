/**
 * 提现审核: withdrawals waiting (and decided), the payee account in full with the payee's name, the
 * user's recent ledger in the drawer; approve (a bank card: staff transfer by hand; an Alipay account:
 * paid by an Alipay transfer, PAYING → PAID / FAILED with the provider's reason — docs/payments.md),
 * reject with a reason the user reads, export. 核对 shows the checks made when the user asked: the
 * payee name against the verified real name, and the unspent top-up money kept out of reach (the
 * top-up hold, docs/trading-rules.md "Withdrawals").
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Drawer, Space, Tag } from 'antd'
import {
  LEDGER_TYPE_LABELS,
  WITHDRAW_REJECT_REASON_MAX,
  type LedgerEntry,
  type Withdrawal,
} from '@shared/api/funds'
import { PAYEE_KIND_LABELS } from '@shared/rules/payee-account'
import { PERMS } from '@shared/permissions'
import {
  staffWithdrawalsQuery,
  exportWithdrawals,
  useApproveWithdrawal,
  useRejectWithdrawal,
  userLedgerQuery,
  type StaffWithdrawQuery,
} from '@renderer/api/funds'
import { ExportButton } from '@renderer/components/ExportButton'
import { HasPermi } from '@renderer/components/HasPermi'
import { formatYuan, formatYuanChange } from '@renderer/utils/money'
import { DictTag, DictFilter } from '../../parts/dict'
import { ReasonModal } from '../../parts/ReasonModal'
import { confirmMoney } from '../../parts/money-confirm'
import { FilterForm, usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'

/** The real-name check's outcome (requests made before it existed were not checked). */
const nameCheck = (w: Withdrawal) =>
  w.nameChecked ? <Tag color="success">实名一致</Tag> : <Tag color="warning">未核对实名</Tag>

/** The top-up hold's outcome: what unspent top-up money the balance held, kept out of this withdrawal. */
const holdCheck = (w: Withdrawal) =>
  w.heldTopup > 0 ? (
    <Tag color="processing">未消费充值 {formatYuan(w.heldTopup)} 已排除</Tag>
  ) : (
    <Tag>无未消费充值</Tag>
  )

function RecentLedger({ userId }: { userId: number }) {
  const ledger = useQuery(userLedgerQuery(userId))
  return (
    <QueryTable<LedgerEntry>
      list={ledger}
      rowKey="ledgerId"
      size="small"
      pagination={false}
      columns={[
        { title: '时间', dataIndex: 'createdAt', render: dateTime },
        { title: '类型', dataIndex: 'type', render: (v: LedgerEntry['type']) => LEDGER_TYPE_LABELS[v] },
        { title: '可用变动', dataIndex: 'amount', render: formatYuanChange },
        { title: '可用余额', dataIndex: 'availableAfter', render: yuanText },
        { title: '备注', dataIndex: 'remark', ellipsis: true },
      ]}
    />
  )
}

export default function WithdrawAuditPage() {
  const { query, search, paging } = usePagedQuery<StaffWithdrawQuery>({ ...FIRST_PAGE, status: 'PENDING' })
  const [detail, setDetail] = useState<Withdrawal | null>(null)
  const [rejecting, setRejecting] = useState<string | null>(null)
  const list = useQuery(staffWithdrawalsQuery(query))
  const approve = useApproveWithdrawal()
  const reject = useRejectWithdrawal()

  const actions = (w: Withdrawal) =>
    w.status === 'PENDING' && (
      <Space size="small">
        <HasPermi permissions={[PERMS.withdrawApprove]}>
          <a
            onClick={() =>
              confirmMoney({
                title: `确认通过提现 ${w.withdrawNo}？`,
                okText: '确认通过',
                lines: [
                  {
                    who: `${PAYEE_KIND_LABELS[w.accountKind]} ${w.fullAccount ?? w.account}（收款人 ${w.payeeName || '-'}）`,
                    what: w.accountKind === 'ALIPAY' ? '平台自动转账' : '已由人工打款',
                    amount: w.amount,
                  },
                  { who: `用户 ${w.userName}`, what: '冻结的提现金额扣除', amount: w.amount },
                ],
                note:
                  w.accountKind === 'ALIPAY'
                    ? '通过后立即向该支付宝账户转账。'
                    : '请先向该银行卡打款，再确认通过。',
                onOk: () => approve.mutate(w.withdrawNo, { onSuccess: () => setDetail(null) }),
              })
            }
          >
            通过
          </a>
        </HasPermi>
        <HasPermi permissions={[PERMS.withdrawReject]}>
          <a onClick={() => setRejecting(w.withdrawNo)}>驳回</a>
        </HasPermi>
      </Space>
    )

  return (
    <>
      <FilterForm<{ status?: StaffWithdrawQuery['status'] }>
        initialValues={{ status: 'PENDING' }}
        onSearch={search}
      >
        <DictFilter dictType="withdraw_status" width={140} />
      </FilterForm>
      <div className="console-toolbar">
        <HasPermi permissions={[PERMS.withdrawExport]}>
          <ExportButton label="导出" unit="笔提现" run={() => exportWithdrawals(query.status)} />
        </HasPermi>
      </div>
      <QueryTable<Withdrawal>
        list={list}
        rowKey="withdrawNo"
        paging={paging}
        columns={[
          { title: '提现单号', dataIndex: 'withdrawNo' },
          { title: '用户', dataIndex: 'userName' },
          { title: '金额', dataIndex: 'amount', render: yuanText },
          {
            title: '收款方式',
            dataIndex: 'accountKind',
            render: (k: Withdrawal['accountKind']) => PAYEE_KIND_LABELS[k],
          },
          { title: '收款账户', key: 'account', render: (_, w) => w.fullAccount ?? w.account },
          { title: '收款人', dataIndex: 'payeeName' },
          {
            title: '核对',
            key: 'checks',
            render: (_, w) => (
              <Space size={4} wrap>
                {nameCheck(w)}
                {holdCheck(w)}
              </Space>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string, w) => (
              <>
                <DictTag dictType="withdraw_status" value={v} />
                {w.failReason && <div className="withdraw-reason">{w.failReason}</div>}
              </>
            ),
          },
          { title: '申请时间', dataIndex: 'createdAt', render: dateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, w) => (
              <Space size="small">
                <a onClick={() => setDetail(w)}>详情</a>
                {actions(w)}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        title="提现详情"
        size={640}
        open={detail !== null}
        onClose={() => setDetail(null)}
        extra={detail && actions(detail)}
      >
        {detail && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="提现单号">{detail.withdrawNo}</Descriptions.Item>
              <Descriptions.Item label="用户">{detail.userName}</Descriptions.Item>
              <Descriptions.Item label="金额">{yuanText(detail.amount)}</Descriptions.Item>
              <Descriptions.Item label="收款账户">
                {PAYEE_KIND_LABELS[detail.accountKind]} {detail.fullAccount ?? detail.account}
              </Descriptions.Item>
              <Descriptions.Item label="收款人姓名">{detail.payeeName || '—'}</Descriptions.Item>
              <Descriptions.Item label="实名核对">
                {nameCheck(detail)}
                {detail.nameChecked ? '收款人姓名与实名认证姓名一致' : '申请早于实名核对，请人工核实'}
              </Descriptions.Item>
              <Descriptions.Item label="充值限制">
                {holdCheck(detail)}
                {detail.heldTopup > 0
                  ? '申请时余额中未消费的充值只能原路退回，未计入本次可提现金额'
                  : '申请时余额中没有未消费的充值'}
              </Descriptions.Item>
              <Descriptions.Item label="状态">
                <DictTag dictType="withdraw_status" value={detail.status} />
              </Descriptions.Item>
              {detail.rejectReason && (
                <Descriptions.Item label="驳回原因">{detail.rejectReason}</Descriptions.Item>
              )}
              {detail.failReason && (
                <Descriptions.Item label="打款失败原因">
                  {detail.failReason}（金额已退回用户余额）
                </Descriptions.Item>
              )}
              <Descriptions.Item label="申请时间">{dateTime(detail.createdAt)}</Descriptions.Item>
            </Descriptions>
            <h4 className="console-section">最近收支明细</h4>
            <RecentLedger userId={detail.userId} />
          </>
        )}
      </Drawer>
      <ReasonModal
        open={rejecting !== null}
        title="驳回提现"
        label="驳回原因（用户可见）"
        maxLength={WITHDRAW_REJECT_REASON_MAX}
        loading={reject.isPending}
        onCancel={() => setRejecting(null)}
        onOk={(reason) =>
          rejecting &&
          reject.mutate(
            { withdrawNo: rejecting, reason },
            {
              onSuccess: () => {
                setRejecting(null)
                setDetail(null)
              },
            },
          )
        }
      />
    </>
  )
}
