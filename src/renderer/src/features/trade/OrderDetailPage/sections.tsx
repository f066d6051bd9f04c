/**
 * The parts of the order detail page (docs/order-detail.md): amounts, deadline, timeline, my ledger
 * rows, the delivery with its view log, and the escrow room in short. Display only: the actions are
 * the order pages' own (OrderActions, OrderReview).
 */
import { Alert, Button, Descriptions, Empty, List, Timeline } from 'antd'
import { LEDGER_TYPE_LABELS, type LedgerEntry } from '@shared/api/funds'
import type { OrderTimelineKind } from '@shared/api/trade'
import type { OrderDetailView } from '@shared/api/order-detail'
import { formatYuan, formatYuanChange } from '@renderer/utils/money'
import { formatTradeTime } from '@renderer/utils/time'
import { TimeLeft } from '../OrderParts'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

const KIND_COLOURS: Record<OrderTimelineKind, string> = {
  STATE: 'blue',
  EVENT: 'green',
  DISPUTE: 'red',
  MESSAGE: 'gray',
}
const REFUND_CHANNELS = { ALIPAY: '支付宝', WECHAT: '微信支付' } as const
const REFUND_STATES = { PENDING: '处理中', SUCCESS: '已到账', FAILED: '退回失败，已退回余额' } as const
const SENDERS: Record<string, string> = { buyer: '买家', seller: '卖家', staff: '客服', system: '系统' }

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="order-detail__section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  )
}

export function AmountsSection({ d }: { d: OrderDetailView }) {
  const a = d.amounts
  return (
    <Section title="金额">
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="单价">{formatYuan(a.unitPrice)}</Descriptions.Item>
        <Descriptions.Item label="数量">{a.quantity}</Descriptions.Item>
        <Descriptions.Item label="订单金额">
          <strong className="order-amount">{formatYuan(a.amount)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="手续费/佣金">
          {a.fee === null ? '待定' : formatYuan(a.fee)}
        </Descriptions.Item>
        <Descriptions.Item label="卖家实收">
          {a.sellerReceives === null ? '待定' : formatYuan(a.sellerReceives)}
        </Descriptions.Item>
        <Descriptions.Item label="平台担保中">{formatYuan(a.escrow)}</Descriptions.Item>
        {a.refunded > 0 ? (
          <Descriptions.Item label="已退款">{formatYuan(a.refunded)}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <p className="order-detail__note">{a.feeNote}</p>
    </Section>
  )
}

export function DeadlineAlert({ d }: { d: OrderDetailView }) {
  if (!d.deadline) return null
  return (
    <Alert
      type="warning"
      showIcon
      title={`${d.deadline.label}：${formatTradeTime(d.deadline.at)}`}
      description={<TimeLeft order={{ deadlineAt: d.deadline.at, deadlineAction: d.deadline.action }} />}
    />
  )
}

export function TimelineSection({ d }: { d: OrderDetailView }) {
  return (
    <Section title="订单进度">
      <Timeline
        titleSpan={5}
        items={d.timeline.map((l) => ({
          color: KIND_COLOURS[l.kind],
          title: formatTradeTime(l.at),
          content: (
            <>
              <strong>{l.title}</strong>
              {l.detail ? <div className="order-detail__post">{l.detail}</div> : null}
            </>
          ),
        }))}
      />
    </Section>
  )
}

export function LedgerSection({ d }: { d: OrderDetailView }) {
  return (
    <Section title="我的资金流水">
      {d.channelRefunds.map((r) => (
        <p key={r.refundNo} className="order-detail__refund">
          退回{REFUND_CHANNELS[r.channel]} {formatYuan(r.amount)}（{REFUND_STATES[r.status]}）
          {formatTradeTime(r.status === 'PENDING' ? r.createdAt : r.updatedAt)}
        </p>
      ))}
      <ResponsiveTable<LedgerEntry>
        card={{ title: 'type' }}
        rowKey="ledgerId"
        size="small"
        pagination={false}
        dataSource={d.ledger}
        locale={{ emptyText: '本订单暂无您的资金变动' }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: number) => formatTradeTime(v), width: 150 },
          {
            title: '类型',
            dataIndex: 'type',
            render: (t: LedgerEntry['type']) => LEDGER_TYPE_LABELS[t] ?? t,
          },
          { title: '可用余额变动', dataIndex: 'amount', render: (v: number) => formatYuanChange(v) },
          { title: '冻结变动', dataIndex: 'frozenAmount', render: (v: number) => formatYuanChange(v) },
          { title: '备注', dataIndex: 'remark' },
        ]}
      />
    </Section>
  )
}

export function DeliverySection({ d }: { d: OrderDetailView }) {
  const v = d.delivery
  return (
    <Section title="交付信息">
      {!v ? (
        <Empty description="尚未交付" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label="交付方式">
              {v.autoDelivered ? '平台自动交付' : '卖家交付'}
            </Descriptions.Item>
            <Descriptions.Item label="交付时间">
              {v.deliveredAt ? formatTradeTime(v.deliveredAt) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="交付字段">{v.fields.join('、') || '-'}</Descriptions.Item>
            {v.corrections.map((c) => (
              <Descriptions.Item key={c.at} label="修改交付信息">
                {formatTradeTime(c.at)}：{c.fields}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <h4 className="order-detail__section">账号信息查看记录</h4>
          <List
            size="small"
            bordered
            dataSource={v.views}
            locale={{ emptyText: '买家尚未查看交付信息' }}
            renderItem={(view) => (
              <List.Item>
                {formatTradeTime(view.at)} · {view.viewer} 查看了交付信息
              </List.Item>
            )}
          />
        </>
      )}
    </Section>
  )
}

export function RoomSection({ d }: { d: OrderDetailView }) {
  const r = d.room
  return (
    <Section title="担保聊天室">
      <p>
        共 {r.count} 条消息{r.open ? '' : '（聊天室已关闭）'}
        {r.open || r.count > 0 ? (
          <Button type="link" href={r.href} target="_blank">
            进入担保聊天室
          </Button>
        ) : null}
      </p>
      {r.last.length > 0 ? (
        <List
          size="small"
          dataSource={r.last}
          renderItem={(p) => (
            <List.Item>
              <div>
                <small>
                  {formatTradeTime(p.createdAt)} · {SENDERS[p.senderRole] ?? ''} {p.senderName}
                </small>
                <div className="order-detail__post">
                  {p.content}
                  {p.images > 0 ? ` [图片 ${p.images} 张]` : ''}
                </div>
              </div>
            </List.Item>
          )}
        />
      ) : null}
    </Section>
  )
}
