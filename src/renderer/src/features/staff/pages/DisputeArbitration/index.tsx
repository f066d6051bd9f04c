/**
 * 纠纷仲裁: open disputes (the queue) and ruled ones (the history); the drawer shows the room's
 * messages and evidence images and takes a ruling — release to the seller, refund in full, or a
 * partial refund (the rest settled to the seller), with a written reason both parties read.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Drawer, Form, Image, Input, InputNumber, List, Radio, Tabs } from 'antd'
import {
  RULING_DECISION_LABELS,
  RULING_LIMITS,
  rulingRefundProblem,
  type Dispute,
  type RulingDecision,
} from '@shared/api/warrant'
import { PERMS } from '@shared/permissions'
import {
  staffDisputesQuery,
  roomMessagesQuery,
  useStaffRule,
  type StaffDisputeQuery,
} from '@renderer/api/warrant'
import { HasPermi } from '@renderer/components/HasPermi'
import { yuanToFen } from '@renderer/utils/money'
import { DictTag } from '../../parts/dict'
import { confirmMoney } from '../../parts/money-confirm'
import { PreSaleChat } from './PreSaleChat'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'

function Room({ orderNo }: { orderNo: string }) {
  const messages = useQuery(roomMessagesQuery(orderNo))
  return (
    <List
      size="small"
      loading={messages.isFetching}
      dataSource={messages.data ?? []}
      locale={{ emptyText: '暂无消息' }}
      renderItem={(m) => (
        <List.Item>
          <List.Item.Meta
            title={`${m.senderName} · ${dateTime(m.createdAt)}`}
            description={
              <>
                {/* text only: never HTML */}
                <div className="console-message">{m.content}</div>
                {m.imageUrls.length > 0 && (
                  <Image.PreviewGroup>
                    {m.imageUrls.map((url) => (
                      <Image key={url} src={url} width={72} alt="证据图片" />
                    ))}
                  </Image.PreviewGroup>
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  )
}

interface RuleForm {
  decision: RulingDecision
  refundYuan?: number
  reason: string
}

function RulingForm({ dispute, onDone }: { dispute: Dispute; onDone: () => void }) {
  const [form] = Form.useForm<RuleForm>()
  const decision = Form.useWatch('decision', form)
  const rule = useStaffRule()
  return (
    <Form<RuleForm>
      form={form}
      layout="vertical"
      initialValues={{ decision: 'SPLIT' }}
      onFinish={(v) => {
        const refundAmount =
          v.decision === 'SPLIT' ? (yuanToFen(v.refundYuan ?? null) ?? undefined) : undefined
        const refund = v.decision === 'RELEASE' ? 0 : v.decision === 'REFUND' ? dispute.amount : (refundAmount ?? 0)
        confirmMoney({
          title: `确认裁决：${RULING_DECISION_LABELS[v.decision]}`,
          okText: '确认裁决',
          lines: [
            { who: `买家 ${dispute.buyerName}`, what: '退回', amount: refund },
            { who: `卖家 ${dispute.sellerName}`, what: '结算', amount: dispute.amount - refund },
          ],
          note: `订单 ${dispute.orderNo}，订单金额 ${yuanText(dispute.amount)}`,
          onOk: () =>
            rule.mutate(
              {
                orderNo: dispute.orderNo,
                decision: v.decision,
                reason: v.reason.trim(),
                ...(refundAmount !== undefined ? { refundAmount } : {}),
              },
              { onSuccess: onDone },
            ),
        })
      }}
    >
      <Form.Item name="decision" label="裁决结果" rules={[{ required: true, message: '请选择裁决结果' }]}>
        <Radio.Group
          options={(Object.keys(RULING_DECISION_LABELS) as RulingDecision[]).map((d) => ({
            value: d,
            label: RULING_DECISION_LABELS[d],
          }))}
        />
      </Form.Item>
      {decision === 'SPLIT' && (
        <Form.Item
          name="refundYuan"
          label={`退回买家金额（元，订单金额 ${yuanText(dispute.amount)}，其余结算给卖家）`}
          rules={[
            { required: true, message: '请填写退回买家金额' },
            {
              // no `max` on the input: it clamped a larger amount into a full refund without a word
              validator: (_r, value: number | null | undefined) => {
                const fen = yuanToFen(value ?? null)
                const problem = fen === null ? '' : rulingRefundProblem(fen, dispute.amount, yuanText)
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
              },
            },
          ]}
        >
          <InputNumber min={0} precision={2} style={{ width: 200 }} aria-label="退回买家金额" />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label="裁决理由（双方可见）"
        rules={[{ required: true, whitespace: true, message: '请填写裁决理由' }]}
      >
        <Input.TextArea rows={3} maxLength={RULING_LIMITS.reasonMax} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={rule.isPending}>
        提交裁决
      </Button>
    </Form>
  )
}

export default function DisputeArbitrationPage() {
  const { query, search, paging } = usePagedQuery<StaffDisputeQuery>({ ...FIRST_PAGE, state: 'OPEN' })
  const [detail, setDetail] = useState<Dispute | null>(null)
  const list = useQuery(staffDisputesQuery(query))
  return (
    <>
      <Tabs
        activeKey={query.state ?? 'OPEN'}
        onChange={(key) => search({ state: key as 'OPEN' | 'RULED' })}
        items={[
          { key: 'OPEN', label: '待裁决' },
          { key: 'RULED', label: '裁决历史' },
        ]}
      />
      <FilterForm onSearch={(v: { orderNo?: string }) => search({ ...v, state: query.state })}>
        <TextFilter name="orderNo" label="订单号" maxLength={32} />
      </FilterForm>
      <QueryTable<Dispute>
        list={list}
        rowKey="disputeId"
        paging={paging}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '商品', dataIndex: 'goodsTitle', ellipsis: true },
          { title: '金额', dataIndex: 'amount', render: yuanText },
          { title: '买家', dataIndex: 'buyerName' },
          { title: '卖家', dataIndex: 'sellerName' },
          { title: '发起方', dataIndex: 'openedByName', render: (v: string | null) => v ?? '-' },
          {
            title: '状态',
            dataIndex: 'state',
            render: (v: string) => <DictTag dictType="dispute_state" value={v} />,
          },
          { title: '发起时间', dataIndex: 'openedAt', render: dateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, d) => <a onClick={() => setDetail(d)}>{d.state === 'OPEN' ? '处理' : '详情'}</a>,
          },
        ]}
      />
      <Drawer
        title={`纠纷 ${detail?.orderNo ?? ''}`}
        size={720}
        open={detail !== null}
        onClose={() => setDetail(null)}
      >
        {detail && (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label="商品" span={2}>
                {detail.goodsTitle}
              </Descriptions.Item>
              <Descriptions.Item label="订单金额">{yuanText(detail.amount)}</Descriptions.Item>
              <Descriptions.Item label="订单状态">
                <DictTag dictType="order_status" value={detail.orderStatus} />
              </Descriptions.Item>
              <Descriptions.Item label="买家">{detail.buyerName}</Descriptions.Item>
              <Descriptions.Item label="卖家">{detail.sellerName}</Descriptions.Item>
              <Descriptions.Item label="担保聊天室" span={2}>
                {/* the guaranteed-order room of this order, where 客服 talk to both sides (docs/console.md) */}
                <a
                  href={`/warrantOrderHandler.html?orderNo=${encodeURIComponent(detail.orderNo)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  进入担保聊天室
                </a>
              </Descriptions.Item>
              <Descriptions.Item label="纠纷理由" span={2}>
                {detail.reason}
              </Descriptions.Item>
              {detail.ruling && (
                <>
                  <Descriptions.Item label="裁决">
                    {RULING_DECISION_LABELS[detail.ruling.decision]}
                  </Descriptions.Item>
                  <Descriptions.Item label="裁决人">{detail.ruling.ruledByName ?? '-'}</Descriptions.Item>
                  <Descriptions.Item label="退回买家">
                    {yuanText(detail.ruling.refundAmount)}
                  </Descriptions.Item>
                  <Descriptions.Item label="结算卖家">
                    {yuanText(detail.ruling.settleAmount)}
                  </Descriptions.Item>
                  <Descriptions.Item label="裁决理由" span={2}>
                    {detail.ruling.reason}
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            <h4 className="console-section">担保群消息与证据</h4>
            <Room orderNo={detail.orderNo} />
            <PreSaleChat orderNo={detail.orderNo} />
            {detail.state === 'OPEN' && (
              <HasPermi permissions={[PERMS.disputeRule]}>
                <h4 className="console-section">裁决</h4>
                <RulingForm dispute={detail} onDone={() => setDetail(null)} />
              </HasPermi>
            )}
          </>
        )}
      </Drawer>
    </>
  )
}
