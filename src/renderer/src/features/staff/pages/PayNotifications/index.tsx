/**
 * 支付通知: every notification Alipay and WeChat Pay sent us, with our verdict (docs/payments.md,
 * "Notifications"). Those that need a look come first: an unknown attempt, a wrong amount or app id,
 * a payment after the attempt closed (refunded to the payer by itself), a forged signature, a refund
 * the provider failed (its money went back to the balance) — docs/payments.md, "Refunds".
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Drawer, Form, Switch, Tag } from 'antd'
import { PAY_CHANNEL_LABELS, type PayNotificationQuery, type PayNotificationView } from '@shared/api/pay'
import { fenToYuan } from '@shared/money'
import { payNotificationsQuery } from '@renderer/api/pay'
import { FilterForm, usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const CHANNELS: Record<string, string> = PAY_CHANNEL_LABELS
const VERDICTS: Record<string, { label: string; color: string }> = {
  APPLIED: { label: '已入账', color: 'green' },
  DUPLICATE: { label: '重复通知', color: 'default' },
  NOT_PAID: { label: '未支付', color: 'default' },
  UNKNOWN_ATTEMPT: { label: '未知支付单', color: 'red' },
  AMOUNT_MISMATCH: { label: '金额不符', color: 'red' },
  APP_MISMATCH: { label: '应用不符', color: 'red' },
  CLOSED_ATTEMPT: { label: '关闭后支付', color: 'orange' },
  BAD_SIGNATURE: { label: '验签失败', color: 'red' },
  REFUNDED: { label: '退款成功', color: 'green' },
  UNKNOWN_REFUND: { label: '未知退款单', color: 'red' },
  REFUND_FAILED: { label: '原路退款失败', color: 'red' },
}
const verdictTag = (verdict: string) => {
  const v = VERDICTS[verdict] ?? { label: verdict, color: 'default' }
  return <Tag color={v.color}>{v.label}</Tag>
}

export default function PayNotificationsPage() {
  const { query, search, paging } = usePagedQuery<PayNotificationQuery>({ ...FIRST_PAGE, onlyStaff: true })
  const [detail, setDetail] = useState<PayNotificationView | null>(null)
  const list = useQuery(payNotificationsQuery(query))
  return (
    <>
      <FilterForm<Omit<PayNotificationQuery, 'pageNum' | 'pageSize'>>
        onSearch={search}
        initialValues={{ onlyStaff: true }}
      >
        <Form.Item name="onlyStaff" label="只看待处理" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FilterForm>
      <QueryTable<PayNotificationView>
        list={list}
        rowKey="id"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '渠道', dataIndex: 'channel', render: (c: string) => CHANNELS[c] ?? c },
          { title: '支付单号', dataIndex: 'attemptNo' },
          {
            title: '金额',
            dataIndex: 'amount',
            render: (fen: number) => `¥${fenToYuan(fen, { grouping: true })}`,
          },
          { title: '结论', dataIndex: 'verdict', render: verdictTag },
          { title: '时间', dataIndex: 'createdAt', render: dateTime },
          { title: '操作', key: 'op', render: (_, row) => <a onClick={() => setDetail(row)}>详情</a> },
        ]}
      />
      <Drawer title="通知详情" size={560} open={detail !== null} onClose={() => setDetail(null)}>
        {detail && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="渠道">{CHANNELS[detail.channel] ?? detail.channel}</Descriptions.Item>
            <Descriptions.Item label="通知编号">{detail.notifyId || '-'}</Descriptions.Item>
            <Descriptions.Item label="支付单号">{detail.attemptNo || '-'}</Descriptions.Item>
            <Descriptions.Item label="金额">{`¥${fenToYuan(detail.amount, { grouping: true })}`}</Descriptions.Item>
            <Descriptions.Item label="结论">{verdictTag(detail.verdict)}</Descriptions.Item>
            <Descriptions.Item label="原文">
              <pre className="console-json">{detail.raw || '-'}</pre>
            </Descriptions.Item>
            <Descriptions.Item label="时间">{dateTime(detail.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  )
}
