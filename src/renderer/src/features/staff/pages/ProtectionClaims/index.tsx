/**
 * Console 包赔理赔 (docs/recovery-protection.md, docs/console.md): the buyers' claims, open ones
 * first; a claim's order, deposit and evidence; approve with an amount (at most what the buyer paid,
 * paid from the deposit first, then the seller's balance) or reject with a reason. Permissions
 * trade:protection:list and trade:protection:decide; each decision writes an op_logs row.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
} from 'antd'
import {
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  PROTECTION_STATUS_LABELS,
  type ClaimListQuery,
  type ClaimStatus,
  type StaffClaim,
} from '@shared/api/protection'
import { ORDER_STATUS_LABELS } from '@shared/api/trade'
import { PERMS } from '@shared/permissions'
import { imageSrc } from '@renderer/api/goods'
import { staffClaimQuery, staffClaimsQuery, useDecideClaim } from '@renderer/api/protection'
import { HasPermi } from '@renderer/components/HasPermi'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { yuanToFen } from '@renderer/utils/money'
import { ReasonModal } from '../../parts/ReasonModal'
import { confirmMoney } from '../../parts/money-confirm'
import { FilterForm, usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'

const STATUS_COLORS: Record<ClaimStatus, string> = {
  OPEN: 'warning',
  APPROVED: 'success',
  REJECTED: 'default',
}

function ApproveForm({ claim, onDone }: { claim: StaffClaim; onDone: () => void }) {
  const decide = useDecideClaim()
  const [form] = Form.useForm<{ amount: string; reason?: string }>()
  const max = claim.orderAmount
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => {
        const amount = yuanToFen(v.amount) ?? 0
        // the deposit pays first (frozen at settlement when the order is not settled yet)
        const deposit = claim.orderStatus === 'COMPLETED' ? claim.protection.deposit : claim.protection.depositHeld
        const fromDeposit = Math.min(amount, deposit)
        confirmMoney({
          title: `确认赔付理赔申请 ${claim.claimId}？`,
          okText: '确认赔付',
          lines: [
            { who: `买家 ${claim.buyerName}`, what: '获赔', amount },
            { who: `卖家 ${claim.sellerName}`, what: '保证金扣除', amount: fromDeposit },
            ...(amount > fromDeposit
              ? [{ who: `卖家 ${claim.sellerName}`, what: '余额扣除（不足部分记为欠款）', amount: amount - fromDeposit }]
              : []),
          ],
          note: `订单 ${claim.orderNo}，实付 ${yuanText(claim.orderAmount)}`,
          onOk: () =>
            decide.mutate(
              { claimId: claim.claimId, approve: true, amount, reason: v.reason?.trim() ?? '' },
              { onSuccess: onDone },
            ),
        })
      }}
    >
      <Form.Item
        name="amount"
        label={`赔付金额（元，不超过订单实付 ${yuanText(max)}）`}
        rules={[
          {
            validator: (_r, value: string) => {
              const fen = yuanToFen(value)
              if (fen === null || fen <= 0) return Promise.reject(new Error('请填写赔付金额'))
              if (fen > max) return Promise.reject(new Error(`赔付金额不能超过 ${yuanText(max)}`))
              return Promise.resolve()
            },
          },
        ]}
      >
        <InputNumber<string> stringMode min="0.01" step="0.01" style={{ width: 200 }} aria-label="赔付金额" />
      </Form.Item>
      <Form.Item name="reason" label="处理说明（选填）">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={decide.isPending}>
        确认赔付
      </Button>
    </Form>
  )
}

function ClaimDrawer({ claimId, onClose }: { claimId: number; onClose: () => void }) {
  const detail = useQuery(staffClaimQuery(claimId))
  const [rejecting, setRejecting] = useState(false)
  const decide = useDecideClaim()
  const c = detail.data
  return (
    <Drawer open size={640} title={`理赔申请 ${claimId}`} onClose={onClose}>
      <ErrorAlert error={detail.error} fallback="理赔加载失败" onRetry={() => void detail.refetch()} />
      {c ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="订单号" span={2}>
              {c.orderNo}
            </Descriptions.Item>
            <Descriptions.Item label="商品" span={2}>
              {c.goodsTitle}（{c.goodsId}）
            </Descriptions.Item>
            <Descriptions.Item label="订单状态">{ORDER_STATUS_LABELS[c.orderStatus]}</Descriptions.Item>
            <Descriptions.Item label="实付金额">{yuanText(c.orderAmount)}</Descriptions.Item>
            <Descriptions.Item label="买家">
              {c.buyerName}（{c.buyerId}）
            </Descriptions.Item>
            <Descriptions.Item label="卖家">
              {c.sellerName}（{c.sellerId}）
            </Descriptions.Item>
            <Descriptions.Item label="包赔">
              {c.protection.days} 天 · {PROTECTION_STATUS_LABELS[c.protection.status]}
            </Descriptions.Item>
            <Descriptions.Item label="期限至">{dateTime(c.protection.endsAt)}</Descriptions.Item>
            <Descriptions.Item label="保证金">{yuanText(c.protection.deposit)}</Descriptions.Item>
            <Descriptions.Item label="当前冻结">{yuanText(c.protection.depositHeld)}</Descriptions.Item>
            <Descriptions.Item label="理赔原因">{c.reasonLabel}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLORS[c.status]}>{CLAIM_STATUS_LABELS[c.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="情况说明" span={2}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{c.description}</div>
            </Descriptions.Item>
            {c.status === 'APPROVED' ? (
              <Descriptions.Item label="赔付" span={2}>
                已赔付 {yuanText(c.paidAmount)}
                {c.owedAmount > 0 ? `，卖家尚欠 ${yuanText(c.owedAmount)}` : ''}
              </Descriptions.Item>
            ) : null}
            {c.status === 'REJECTED' ? (
              <Descriptions.Item label="驳回原因" span={2}>
                {c.rejectReason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <div>
            <h4>证据截图</h4>
            {c.images.length === 0 ? (
              <span>无</span>
            ) : (
              <Image.PreviewGroup>
                <Space wrap>
                  {c.images.map((i) => (
                    <Image
                      key={i.imageId}
                      width={96}
                      src={imageSrc(i.thumbUrl)}
                      preview={{ src: imageSrc(i.url) }}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </div>
          {c.status === 'OPEN' ? (
            <HasPermi permissions={[PERMS.protectionClaimDecide]}>
              {c.orderStatus === 'COMPLETED' ? (
                <Alert
                  type="info"
                  style={{ marginBottom: 12 }}
                  showIcon
                  title="该订单货款尚未结算：赔付时先结算给卖家并冻结保证金，再从保证金赔付。"
                />
              ) : null}
              <ApproveForm claim={c} onDone={onClose} />
              <Button danger style={{ marginTop: 12 }} onClick={() => setRejecting(true)}>
                驳回申请
              </Button>
            </HasPermi>
          ) : null}
        </Space>
      ) : null}
      <ReasonModal
        open={rejecting}
        title={`驳回理赔申请 ${claimId}`}
        label="驳回原因"
        loading={decide.isPending}
        onCancel={() => setRejecting(false)}
        onOk={(reason) =>
          decide.mutate(
            { claimId, approve: false, reason },
            {
              onSuccess: () => {
                setRejecting(false)
                onClose()
              },
            },
          )
        }
      />
    </Drawer>
  )
}

export default function ProtectionClaimsPage() {
  const { query, search, paging } = usePagedQuery<ClaimListQuery>(FIRST_PAGE)
  const [open, setOpen] = useState<number | null>(null)
  const list = useQuery(staffClaimsQuery(query))
  return (
    <>
      <FilterForm<{ status?: ClaimStatus }> onSearch={search}>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 120 }}
            options={CLAIM_STATUSES.map((s) => ({ value: s, label: CLAIM_STATUS_LABELS[s] }))}
          />
        </Form.Item>
      </FilterForm>
      <QueryTable<StaffClaim>
        list={list}
        errorTitle="理赔加载失败"
        rowKey="claimId"
        scroll={{ x: 1200 }}
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'claimId', width: 70 },
          { title: '订单号', dataIndex: 'orderNo', width: 170 },
          { title: '商品', dataIndex: 'goodsTitle', ellipsis: true },
          { title: '实付', dataIndex: 'orderAmount', width: 100, render: yuanText },
          {
            title: '保证金冻结',
            key: 'held',
            width: 100,
            render: (_, r) => yuanText(r.protection.depositHeld),
          },
          { title: '原因', dataIndex: 'reasonLabel', width: 150 },
          { title: '买家', dataIndex: 'buyerName', width: 100 },
          { title: '卖家', dataIndex: 'sellerName', width: 100 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: ClaimStatus) => <Tag color={STATUS_COLORS[s]}>{CLAIM_STATUS_LABELS[s]}</Tag>,
          },
          { title: '申请时间', dataIndex: 'createdAt', width: 160, render: dateTime },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <a onClick={() => setOpen(r.claimId)}>{r.status === 'OPEN' ? '处理' : '查看'}</a>
            ),
          },
        ]}
      />
      {open !== null ? <ClaimDrawer claimId={open} onClose={() => setOpen(null)} /> : null}
    </>
  )
}
