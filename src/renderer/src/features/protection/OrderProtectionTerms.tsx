/**
 * The 包赔 terms on the order detail page (docs/recovery-protection.md, "On the order"): the period
 * (with what the 额外包赔 bought at checkout added, and its fee), whether it has started and until
 * when, what it covers, the deposit behind it and how to claim. Nothing for an order without 包赔.
 */
import './protection.css'
import { useQuery } from '@tanstack/react-query'
import { Descriptions, Tag } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { PROTECTION_STATUS_LABELS } from '@shared/api/protection'
import type { Order } from '@shared/api/trade'
import { orderProtectionQuery } from '@renderer/api/protection'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'

const COVERS = '账号被原号主找回、因原号主原因被封禁、绑定信息被原号主修改'

export function OrderProtectionTerms({ order }: { order: Order }) {
  const asks =
    order.goodsType === 'ACCOUNT' &&
    order.status !== 'UNPAID' &&
    order.status !== 'CANCELLED' &&
    order.status !== 'REFUNDED'
  const q = useQuery({ ...orderProtectionQuery(order.orderNo), enabled: asks })
  const p = q.data
  if (!asks || !p) return null
  const started = p.startsAt !== null && p.endsAt !== null
  return (
    <section className="order-detail__section order-protection-terms" aria-label="包赔保障">
      <h3>
        <Tag color="gold" icon={<SafetyCertificateOutlined />}>
          包赔 {p.days} 天
        </Tag>
        包赔保障
      </h3>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
        <Descriptions.Item label="保障期">
          {started
            ? `${parseTime(p.startsAt!, 'YYYY-MM-DD')} 至 ${parseTime(p.endsAt!, 'YYYY-MM-DD')}（${PROTECTION_STATUS_LABELS[p.status]}）`
            : `确认收货后生效，共 ${p.days} 天`}
        </Descriptions.Item>
        <Descriptions.Item label="额外包赔">
          {p.extraFee > 0
            ? `已加购：延长 ${p.extraDays} 天，费用 ${formatYuan(p.extraFee)}（已计入订单金额）`
            : '未加购'}
        </Descriptions.Item>
        <Descriptions.Item label="保障范围" span={2}>
          {COVERS}
        </Descriptions.Item>
        <Descriptions.Item label="保证金" span={2}>
          {formatYuan(p.deposit)}（结算时从卖家货款中冻结，理赔先从保证金赔付，不足部分由卖家余额赔付）
        </Descriptions.Item>
      </Descriptions>
      <p className="order-detail__note">
        保障期内出现上述情况，买家可在「我的订单」中对该订单申请理赔，平台审核后赔付，最多为订单实付金额。
      </p>
    </section>
  )
}
