/**
 * The seller's card on the detail page: shop name, since when, rating and credit level, on sale and
 * sold, a link to the shop.
 */
import { Link } from 'react-router-dom'
import { Avatar, Button } from 'antd'
import { SafetyCertificateOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons'
import type { GoodsDetail } from '@shared/api/goods'
import { imageSrc, shopPath } from '@renderer/api/goods'
import { parseTime } from '@renderer/utils/time'
import { SellerCreditLine } from '@renderer/features/review/SellerCredit'

export function SellerCard({ detail }: { detail: GoodsDetail }) {
  // 官方代售: the platform sells it (docs/agency-sale.md); there is no shop to visit
  if (detail.agency)
    return (
      <section className="panel seller-card" aria-label="卖家信息">
        <div className="seller-card__head">
          <Avatar size={52} icon={<SafetyCertificateOutlined />} />
          <div style={{ minWidth: 0 }}>
            <span className="seller-card__name">{detail.shopName}</span>
            <span className="seller-card__since">平台验号 · 平台交付</span>
          </div>
        </div>
      </section>
    )
  const seller = detail.seller
  const shopId = seller?.shopId ?? detail.sellerId
  return (
    <section className="panel seller-card" aria-label="卖家信息">
      <div className="seller-card__head">
        <Avatar size={52} src={imageSrc(seller?.avatar)} icon={<UserOutlined />} />
        <div style={{ minWidth: 0 }}>
          <Link
            to={shopPath(shopId)}
            className="seller-card__name"
            title={seller?.shopName ?? detail.shopName}
          >
            {seller?.shopName ?? detail.shopName}
          </Link>
          {seller?.since ? (
            <span className="seller-card__since">{parseTime(seller.since, 'YYYY-MM-DD')} 入驻</span>
          ) : null}
        </div>
      </div>
      <SellerCreditLine sellerId={shopId} />
      {seller ? (
        <div className="seller-card__stats">
          <div>
            <strong>{seller.onSaleCount}</strong>
            <span>在售商品</span>
          </div>
          <div>
            <strong>{seller.soldCount}</strong>
            <span>已售出</span>
          </div>
        </div>
      ) : null}
      <Link to={shopPath(shopId)}>
        <Button block icon={<ShopOutlined />}>
          进入店铺
        </Button>
      </Link>
    </section>
  )
}
