/** Beside the conversation: who the user is and what they have with us (each read is op-logged). */
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Empty, List, Tag, Typography } from 'antd'
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/api/trade'
import { formatYuan } from '@shared/money'
import { csContextQuery } from '@renderer/api/cs-agent'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { parseTime } from '@renderer/utils/time'

export function SidePanel({
  conversationId,
  onOrder,
  onRoom,
}: {
  conversationId: number
  onOrder: (orderNo: string) => void
  onRoom: (orderNo: string) => void
}) {
  const ctx = useQuery(csContextQuery(conversationId))
  if (ctx.error)
    return <ErrorAlert error={ctx.error} fallback="用户资料加载失败" onRetry={() => void ctx.refetch()} />
  const c = ctx.data
  if (!c) return null
  const a = c.attachment
  return (
    <div className="cs-wb__side" aria-label="用户资料">
      <Typography.Title level={5}>用户</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="用户名">
          {c.userName}（{c.nickName}）{c.locked ? <Tag color="red">已锁定</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label="手机">{c.phone ?? '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="实名">
          {c.realName.verified ? <Tag color="green">已实名 {c.realName.maskedName}</Tag> : <Tag>未实名</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="余额">
          {formatYuan(c.balance)}
          {c.frozen > 0 ? (
            <Typography.Text type="secondary">（冻结 {formatYuan(c.frozen)}）</Typography.Text>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label="注册">{parseTime(c.registeredAt, 'YYYY-MM-DD')}</Descriptions.Item>
        <Descriptions.Item label="历史会话">{c.pastConversations} 次</Descriptions.Item>
      </Descriptions>
      {a ? (
        <>
          <Typography.Title level={5}>
            附带的{a.kind === 'goods' ? '商品' : a.kind === 'dispute' ? '纠纷' : '订单'}
          </Typography.Title>
          <div className="cs-wb__attach">
            <div>{a.title}</div>
            {a.orderNo ? <div>订单号 {a.orderNo}</div> : null}
            <div className="cs-wb__links">
              {a.orderNo ? (
                <>
                  <Button size="small" onClick={() => onOrder(a.orderNo!)}>
                    订单详情
                  </Button>
                  <Button size="small" onClick={() => onRoom(a.orderNo!)}>
                    担保群
                  </Button>
                </>
              ) : null}
              {a.goodsId ? (
                <Button size="small" href={`/detail/${a.goodsId}.html`} target="_blank">
                  商品页
                </Button>
              ) : null}
            </div>
          </div>
        </>
      ) : null}
      <Typography.Title level={5}>进行中的纠纷</Typography.Title>
      {c.openDisputes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      ) : (
        <List
          size="small"
          dataSource={c.openDisputes}
          renderItem={(d) => (
            <List.Item
              actions={[
                <a key="room" onClick={() => onRoom(d.orderNo)}>
                  担保群
                </a>,
              ]}
            >
              <List.Item.Meta title={d.goodsTitle} description={`${d.orderNo} · ${d.reason}`} />
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5}>最近订单</Typography.Title>
      {c.recentOrders.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无" />
      ) : (
        <List
          size="small"
          dataSource={c.recentOrders}
          renderItem={(o) => (
            <List.Item
              actions={[
                <a key="detail" onClick={() => onOrder(o.orderNo)}>
                  详情
                </a>,
                <a key="room" onClick={() => onRoom(o.orderNo)}>
                  担保群
                </a>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Typography.Text ellipsis style={{ maxWidth: 150 }}>
                    {o.goodsTitle}
                  </Typography.Text>
                }
                description={`${o.role === 'buyer' ? '买入' : '卖出'} · ${formatYuan(o.amount)} · ${ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status}`}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  )
}
