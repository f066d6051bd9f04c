/**
 * The read-only detail of an order (订单管理): amounts, its timeline, its ledger rows, the delivery
 * masked (field names only), the dispute and its ruling, and the staff notes (adding one needs
 * trade:order:note).
 */
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Descriptions, Drawer, Empty, Form, Input, Spin, Table, Tag, Timeline } from 'antd'
import { LEDGER_TYPE_LABELS, type LedgerType } from '@shared/api/funds'
import { RULING_DECISION_LABELS } from '@shared/api/warrant'
import {
  ORDER_NOTE_MAX,
  type OrderTimelineKind,
  type StaffOrderDetail,
  type StaffOrderLedger,
} from '@shared/api/trade'
import { PERMS } from '@shared/permissions'
import { staffOrderQuery, useAddOrderNote } from '@renderer/api/trade'
import { HasPermi } from '@renderer/components/HasPermi'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { formatYuanChange } from '@renderer/utils/money'
import { DictTag } from '../../parts/dict'
import { dateTime, yuanText } from '../../parts/table'

const KIND_COLOURS: Record<OrderTimelineKind, string> = {
  STATE: 'blue',
  EVENT: 'green',
  DISPUTE: 'red',
  MESSAGE: 'gray',
}

function NoteForm({ orderNo }: { orderNo: string }) {
  const [form] = Form.useForm<{ content: string }>()
  const add = useAddOrderNote()
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={({ content }) =>
        add.mutate({ orderNo, content: content.trim() }, { onSuccess: () => form.resetFields() })
      }
    >
      <Form.Item
        name="content"
        label="添加备注（仅平台员工可见）"
        rules={[{ required: true, whitespace: true, message: '请填写备注内容' }]}
      >
        <Input.TextArea rows={3} maxLength={ORDER_NOTE_MAX} showCount aria-label="备注内容" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        添加备注
      </Button>
    </Form>
  )
}

function Detail({ d }: { d: StaffOrderDetail }) {
  return (
    <>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="订单号" span={2}>
          {d.orderNo}
        </Descriptions.Item>
        <Descriptions.Item label="商品" span={2}>
          {d.title}（编号 {d.goodsId}）
        </Descriptions.Item>
        <Descriptions.Item label="游戏">{d.gameName}</Descriptions.Item>
        <Descriptions.Item label="类型">
          <DictTag dictType="goods_type" value={d.goodsType} />
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <DictTag dictType="order_status" value={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label="保护期">{d.protectionDays} 天</Descriptions.Item>
        <Descriptions.Item label="单价">{yuanText(d.unitPrice)}</Descriptions.Item>
        <Descriptions.Item label="数量">{d.quantity}</Descriptions.Item>
        <Descriptions.Item label="订单金额">{yuanText(d.amount)}</Descriptions.Item>
        <Descriptions.Item label="平台担保中">{yuanText(d.escrowAmount)}</Descriptions.Item>
        <Descriptions.Item label="买家">
          {d.buyerName}（{d.buyerId}）
        </Descriptions.Item>
        <Descriptions.Item label="卖家">
          {d.sellerName}（{d.sellerId}）
        </Descriptions.Item>
      </Descriptions>

      <h4 className="console-section">订单时间线</h4>
      <Timeline
        items={d.timeline.map((l) => ({
          color: KIND_COLOURS[l.kind],
          title: dateTime(l.at),
          content: (
            <>
              <strong>{l.title}</strong>
              {l.detail ? (
                <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{l.detail}</div>
              ) : null}
            </>
          ),
        }))}
      />

      <h4 className="console-section">资金流水</h4>
      <Table<StaffOrderLedger>
        rowKey="ledgerId"
        size="small"
        pagination={false}
        dataSource={d.ledger}
        locale={{ emptyText: '暂无流水' }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: dateTime, width: 160 },
          { title: '用户', dataIndex: 'userName' },
          {
            title: '类型',
            dataIndex: 'type',
            render: (t: LedgerType) => LEDGER_TYPE_LABELS[t] ?? t,
          },
          { title: '可用变动', dataIndex: 'amount', render: (v: number) => formatYuanChange(v) },
          { title: '备注', dataIndex: 'remark' },
        ]}
      />

      <h4 className="console-section">交付信息</h4>
      {d.delivery ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="交付方式">
            {d.delivery.autoDelivered ? '平台自动交付' : '卖家交付'}
          </Descriptions.Item>
          <Descriptions.Item label="交付时间">{dateTime(d.delivery.deliveredAt)}</Descriptions.Item>
          <Descriptions.Item label="修改次数">{d.delivery.corrections}</Descriptions.Item>
          <Descriptions.Item label="买家查看次数">{d.delivery.views}</Descriptions.Item>
          {d.delivery.fields.map((f) => (
            <Descriptions.Item key={f.label} label={f.label}>
              {f.value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Empty description="尚未交付" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}

      {d.dispute ? (
        <>
          <h4 className="console-section">纠纷</h4>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="状态">
              {d.dispute.state === 'OPEN' ? <Tag color="red">处理中</Tag> : <Tag>已裁决</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="发起">
              {d.dispute.openedByName ?? '-'}，{dateTime(d.dispute.openedAt)}
            </Descriptions.Item>
            <Descriptions.Item label="理由">{d.dispute.reason}</Descriptions.Item>
            {d.dispute.ruling ? (
              <Descriptions.Item label="裁决">
                {RULING_DECISION_LABELS[d.dispute.ruling.decision]}：退回买家{' '}
                {yuanText(d.dispute.ruling.refundAmount)}
                ，结算卖家 {yuanText(d.dispute.ruling.settleAmount)}；{d.dispute.ruling.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </>
      ) : null}

      <h4 className="console-section">员工备注</h4>
      {d.noteList.length === 0 ? <p>暂无备注</p> : null}
      {d.noteList.map((n) => (
        <Alert
          key={n.noteId}
          type="info"
          style={{ marginBottom: 8 }}
          title={`${n.staffName} · ${dateTime(n.createdAt)}`}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{n.content}</span>}
        />
      ))}
      <HasPermi permissions={[PERMS.orderNote]}>
        <NoteForm orderNo={d.orderNo} />
      </HasPermi>
    </>
  )
}

export function OrderDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const detail = useQuery({ ...staffOrderQuery(orderNo ?? ''), enabled: orderNo !== null })
  return (
    <Drawer title="订单详情" size={720} open={orderNo !== null} onClose={onClose}>
      <ErrorAlert error={detail.error} fallback="订单加载失败" onRetry={() => void detail.refetch()} />
      {detail.data ? <Detail d={detail.data} /> : detail.isLoading ? <Spin /> : null}
    </Drawer>
  )
}
