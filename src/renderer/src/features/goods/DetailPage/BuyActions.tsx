/**
 * Buy and bid (a modal) while the listing is on sale, and the caller's bids on it; the seller sees
 * edit links and every bid with accept / reject / counter. The bid widgets (components/bids) are
 * loaded only when shown; their list refreshes itself after a bid.
 *
 * On a phone the buyer's row (price, 咨询, 出价, 立即购买) is a bar fixed to the screen's bottom: CSS
 * alone (detail.css, docs/screens.md "Phones"), so the server's HTML is the same for every screen.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Button } from 'antd'
import { EditOutlined, ShoppingCartOutlined } from '@ant-design/icons'
import type { GoodsDetail } from '@shared/api/goods'
import { AskSellerButton } from '@renderer/features/chat/AskSellerButton'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { useSessionStore } from '@renderer/stores/session'
import { formatYuan } from '@renderer/utils/money'

export const TRADE_NOTE =
  '担保交易：货款由平台托管，确认收货后才放款给卖家；也可以出价，卖家同意后按出价成交。'

const BidModal = lazy(() => import('@renderer/components/bids').then((m) => ({ default: m.BidModal })))
const GoodsBids = lazy(() => import('@renderer/components/bids').then((m) => ({ default: m.GoodsBids })))

export function BuyActions({ detail }: { detail: GoodsDetail }) {
  const ensureLogin = useRequireLogin()
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const navigate = useNavigate()
  const [bidding, setBidding] = useState(false)
  if (detail.isOwner) {
    return (
      <>
        <div className="detail-actions">
          <Link to={`/seller/completeInfo.html?goodsId=${detail.goodsId}`}>
            <Button type="primary" size="large" icon={<EditOutlined />}>
              编辑商品
            </Button>
          </Link>
          <Link to="/seller/sellGoods.html">
            <Button size="large">管理我的商品</Button>
          </Link>
        </div>
        <Suspense fallback={null}>
          <GoodsBids goodsId={detail.goodsId} role="seller" />
        </Suspense>
      </>
    )
  }
  // not on sale (sold, taken down): no buy or bid, the state alert above says why
  const onSale = detail.status === 'ON_SALE'
  const button = (label: string, icon: ReactNode, primary: boolean, run: () => void) => (
    <Button
      type={primary ? 'primary' : 'default'}
      size="large"
      icon={icon}
      className={primary ? 'detail-actions__buy' : 'detail-actions__bid'}
      onClick={() => {
        if (ensureLogin()) run()
      }}
    >
      {label}
    </Button>
  )
  return (
    <>
      {onSale ? (
        <>
          <div className="detail-actions detail-buybar" role="group" aria-label="购买">
            <span className="detail-buybar__price" aria-hidden="true">
              {formatYuan(detail.price)}
            </span>
            <AskSellerButton detail={detail} />
            {button('立即购买', <ShoppingCartOutlined />, true, () => {
              void navigate(`/buyer/buy.html?goodsId=${detail.goodsId}`)
            })}
            {button('出价', <span aria-hidden="true">￥</span>, false, () => setBidding(true))}
          </div>
          <p className="detail-actions__note">{TRADE_NOTE}</p>
        </>
      ) : null}
      <Suspense fallback={null}>
        {bidding ? (
          <BidModal
            goodsId={detail.goodsId}
            askFen={detail.price}
            onClose={() => setBidding(false)}
            onDone={() => setBidding(false)}
          />
        ) : null}
        {loggedIn ? <GoodsBids goodsId={detail.goodsId} role="buyer" /> : null}
      </Suspense>
    </>
  )
}
