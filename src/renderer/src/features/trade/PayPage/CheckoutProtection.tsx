/**
 * The checkout's 包赔 line (docs/recovery-protection.md): the listing's period, and where the seller
 * offers 额外包赔, a box that adds it to the unpaid order (its fee joins the amount; the server
 * changes the order, the order query refetches). Nothing for a listing without 包赔.
 */
import { useQuery } from '@tanstack/react-query'
import { Checkbox, Tag } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import type { Order } from '@shared/api/trade'
import { protectionTermsQuery, useExtraProtection } from '@renderer/api/protection'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { formatYuan } from '@renderer/utils/money'

export function CheckoutProtection({ order }: { order: Order }) {
  const terms = useQuery({ ...protectionTermsQuery(order.goodsId), enabled: order.goodsType === 'ACCOUNT' })
  const extra = useExtraProtection()
  const t = terms.data
  if (!t || t.days <= 0) return null
  const added = order.protectionFee > 0
  return (
    <section className="checkout-block checkout-protection" aria-label="包赔保障">
      <div className="checkout-protection__line">
        <Tag color="gold" icon={<SafetyCertificateOutlined />}>
          包赔 {t.days} 天
        </Tag>
        <span>确认收货后 {t.days} 天内账号被找回可申请理赔</span>
      </div>
      {t.extra ? (
        <Checkbox
          className="checkout-protection__extra"
          checked={added}
          disabled={extra.isPending}
          onChange={(e) => extra.mutate({ orderNo: order.orderNo, add: e.target.checked })}
        >
          加购额外包赔：保障期再延长 {t.extra.days} 天（共 {t.days + t.extra.days} 天）
          <strong className="checkout-protection__fee"> +{formatYuan(t.extra.fee)}</strong>
        </Checkbox>
      ) : null}
      <ErrorAlert error={extra.error} fallback="额外包赔更新失败" style={{ marginTop: 8 }} />
    </section>
  )
}
