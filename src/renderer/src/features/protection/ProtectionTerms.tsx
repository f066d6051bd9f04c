/**
 * The 包赔 terms of an account listing on its detail page (docs/recovery-protection.md): the badge,
 * the period and the deposit that backs it. Nothing when the listing offers none.
 */
import './protection.css'
import { useQuery } from '@tanstack/react-query'
import { Tag } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { protectionTermsQuery } from '@renderer/api/protection'
import { formatYuan } from '@renderer/utils/money'

export function ProtectionTerms({ goodsId, goodsType }: { goodsId: number; goodsType: string }) {
  const terms = useQuery({ ...protectionTermsQuery(goodsId), enabled: goodsType === 'ACCOUNT' })
  const t = terms.data
  if (!t || t.days <= 0) return null
  return (
    <div className="protection-terms" role="note" aria-label="包赔保障">
      <Tag color="gold" icon={<SafetyCertificateOutlined />} className="protection-badge">
        包赔 {t.days} 天
      </Tag>
      <span>
        确认收货后 {t.days} 天内，若账号被原号主找回，可在订单中申请包赔理赔。卖家以成交价的{' '}
        {t.depositPercent}% （约 {formatYuan(t.deposit)}）作保证金，结算时冻结，平台审核通过后先从保证金赔付。
        {t.extra
          ? ` 下单时可加购额外包赔：${formatYuan(t.extra.fee)} 延长 ${t.extra.days} 天（共 ${t.days + t.extra.days} 天）。`
          : ''}
      </span>
    </div>
  )
}
