/**
 * /detail/{goodsId}.html: screenshot gallery (the watermarked images, full-screen preview), title,
 * price, attributes with their labels, where it is, stock, state, views and follows; the seller's
 * card; follow; buy (→ /buyer/buy.html) and bid (a modal), the caller's bids on the listing (the
 * seller sees every bid with accept / reject / counter); what keeps a trade safe.
 * Buy and bid are offered only while the listing is on sale: a sold or taken-down (已下架) one shows
 * its state instead. A listing hidden while it was on sale (in review) says 已下架 too; an unknown
 * or deleted one says 商品不存在或已被删除.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { Alert, Avatar, Breadcrumb, Button, Image, Result, Skeleton, Tag } from 'antd'
import {
  EditOutlined,
  EyeOutlined,
  HeartFilled,
  HeartOutlined,
  MessageOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons'
import {
  GOODS_MSG,
  GOODS_STATUS_LABELS,
  GOODS_TYPE_LABELS,
  type GoodsDetail,
  type GoodsImage,
} from '@shared/api/goods'
import { protectionNote, TRADE_RULES } from '@shared/api/trade'
import { getGoodsDetail, imageSrc, shopPath, STATUS_COLORS } from '@renderer/api/goods'
import { idFromHtmlSegment } from '@renderer/app/route-table'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { useSessionStore } from '@renderer/stores/session'
import { ApiError } from '@renderer/api/http'
import { apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { useQuery } from '@renderer/utils/use-query'
import { attributeEntries, attributeFieldsOf } from './attributes'
import { loadGameConfig } from './catalogue-cache'
import { PushedTag } from './GoodsCard'
import { listHref, parseListQuery } from './list-query'
import { useFollow } from './use-follow'
import './goods.css'

export const TRADE_NOTE =
  '担保交易：货款由平台托管，确认收货后才放款给卖家；也可以出价，卖家同意后按出价成交。'

const BidModal = lazy(() => import('@renderer/features/trade/Bids').then((m) => ({ default: m.BidModal })))
const GoodsBids = lazy(() => import('@renderer/features/trade/Bids').then((m) => ({ default: m.GoodsBids })))

function Gallery({ images, title }: { images: GoodsImage[]; title: string }) {
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const current = images[Math.min(index, images.length - 1)]
  if (!current) {
    return (
      <div className="gallery">
        <div className="gallery__main">
          <div className="gallery__empty">
            <PictureOutlined />
            <span>卖家暂未上传截图</span>
          </div>
        </div>
      </div>
    )
  }
  return (
    <div className="gallery">
      <div className="gallery__main">
        <button
          type="button"
          className="gallery__open"
          onClick={() => setOpen(true)}
          aria-label={`查看大图：第 ${index + 1} 张，共 ${images.length} 张`}
        >
          <img src={imageSrc(current.url)} alt={`${title} 截图 ${index + 1}`} className="gallery__image" />
        </button>
        <span className="gallery__count">
          {index + 1} / {images.length}
        </span>
      </div>
      <Image.PreviewGroup
        items={images.map((image, i) => ({ src: imageSrc(image.url), alt: `${title} 截图 ${i + 1}` }))}
        preview={{
          open,
          current: index,
          onOpenChange: (value) => setOpen(value),
          onChange: (next) => setIndex(next),
        }}
      />
      {images.length > 1 ? (
        <div className="gallery__thumbs" role="listbox" aria-label="截图缩略图">
          {images.map((image, i) => (
            <button
              key={image.imageId}
              type="button"
              role="option"
              aria-selected={i === index}
              aria-label={`第 ${i + 1} 张截图`}
              className={`gallery__thumb ${i === index ? 'is-active' : ''}`}
              onClick={() => setIndex(i)}
            >
              <img src={imageSrc(image.thumbUrl || image.url)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

export function SafetyNotes({
  protectionDays,
  autoDelivery,
}: {
  protectionDays?: number
  autoDelivery?: boolean
}) {
  return (
    <section className="panel" aria-labelledby="safety-title">
      <h2 className="panel__title" id="safety-title">
        <SafetyCertificateOutlined /> 交易安全须知
      </h2>
      <ul className="safety-notes">
        <li>
          <SafetyCertificateOutlined />
          <span>
            <strong>担保交易：</strong>货款先由平台托管，
            {protectionNote(protectionDays ?? TRADE_RULES.defaultProtectionDays)}。
          </span>
        </li>
        {autoDelivery ? (
          <li>
            <ThunderboltOutlined />
            <span>
              <strong>自动交付：</strong>卖家已预存账号信息，您付款后平台立即交付，无需等待卖家在线。
            </span>
          </li>
        ) : null}
        <li>
          <StopOutlined />
          <span>
            <strong>切勿私下交易：</strong>要求加微信/QQ、站外转账，或收取“保证金”“解冻费”的都是诈骗。
          </span>
        </li>
        <li>
          <MessageOutlined />
          <span>
            <strong>不在聊天中交换账号密码：</strong>账号信息只通过平台订单交付，任何人索要都请拒绝。
          </span>
        </li>
        <li>
          <WarningOutlined />
          <span>
            <strong>核对描述与截图：</strong>收货时请逐项核对，与描述不符请先不要确认收货并联系客服。
          </span>
        </li>
      </ul>
    </section>
  )
}

function SellerCard({ detail }: { detail: GoodsDetail }) {
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

function BuyActions({ detail }: { detail: GoodsDetail }) {
  const ensureLogin = useRequireLogin()
  const loggedIn = useLoggedIn()
  const navigate = useNavigate()
  const [bidding, setBidding] = useState(false)
  const [bidsVersion, setBidsVersion] = useState(0)
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
          <GoodsBids goodsId={detail.goodsId} role="seller" version={0} />
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
      className={primary ? 'detail-actions__buy' : undefined}
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
          <div className="detail-actions">
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
            onDone={() => {
              setBidding(false)
              setBidsVersion((v) => v + 1)
            }}
          />
        ) : null}
        {loggedIn ? <GoodsBids goodsId={detail.goodsId} role="buyer" version={bidsVersion} /> : null}
      </Suspense>
    </>
  )
}

function useLoggedIn(): boolean {
  return useSessionStore((s) => Boolean(s.token))
}

function DetailView({ detail }: { detail: GoodsDetail }) {
  const follow = useFollow()
  const config = useQuery(['config', detail.gameId], () => loadGameConfig(detail.gameId).catch(() => null))
  const fields = attributeFieldsOf(config.data, detail.goodsType)
  const entries = attributeEntries(detail.attributes, fields)
  const followed = follow.isFollowed(detail)
  const followCount = Math.max(0, detail.followCount + (followed === detail.followed ? 0 : followed ? 1 : -1))
  const where = [detail.areaName, detail.serverName].filter(Boolean).join(' / ')
  const listOfGame = listHref({ ...parseListQuery(''), gameId: detail.gameId })

  return (
    <div className="page-container detail-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to={listOfGame}>{detail.gameName}</Link> },
          { title: '商品详情' },
        ]}
      />
      <section className="panel detail-main">
        <Gallery images={detail.images} title={detail.title} />
        <div className="detail-info">
          <div className="detail-info__tags">
            {detail.pushed ? <PushedTag /> : null}
            <Tag color="blue">{GOODS_TYPE_LABELS[detail.goodsType]}</Tag>
            <Tag color={STATUS_COLORS[detail.status]}>{GOODS_STATUS_LABELS[detail.status]}</Tag>
          </div>
          <h1 className="detail-title">{detail.title}</h1>
          {detail.status === 'SOLD' ? (
            <Alert
              className="detail-state"
              type="info"
              showIcon
              title="该商品已售出"
              description="看看同游戏的其他在售商品吧。"
              action={<Link to={listOfGame}>去看看</Link>}
            />
          ) : detail.status === 'OFF_SHELF' ? (
            <Alert
              className="detail-state"
              type="warning"
              showIcon
              title="该商品已下架"
              description={
                detail.isOwner ? (
                  detail.auditRemark || '重新上架后买家才能购买。'
                ) : (
                  <>
                    卖家已下架这件商品，暂不能购买或出价。
                    <Link to={listOfGame}>看看同游戏的其他在售商品</Link>
                  </>
                )
              }
            />
          ) : detail.status === 'AUDITING' ? (
            <Alert
              className="detail-state"
              type="warning"
              showIcon
              title="该商品正在审核中"
              description={
                detail.auditRemark
                  ? `${detail.auditRemark}。审核通过后才会出现在搜索结果中，并可以购买。`
                  : '审核通过后才会出现在搜索结果中，并可以购买。'
              }
            />
          ) : null}
          <div className="detail-price">
            <span className="detail-price__label">价格</span>
            <strong className="detail-price__value">{formatYuan(detail.price)}</strong>
            <span className="detail-price__stats">
              <span aria-label={`浏览 ${detail.viewCount} 次`}>
                <EyeOutlined /> {detail.viewCount} 浏览
              </span>
              <span aria-label={`${followCount} 人关注`}>
                <HeartOutlined /> {followCount} 关注
              </span>
            </span>
          </div>
          <dl className="detail-facts">
            <div>
              <dt>游戏</dt>
              <dd>
                <Link to={listOfGame}>{detail.gameName}</Link>
              </dd>
            </div>
            <div>
              <dt>平台</dt>
              <dd>{detail.platform || '不限'}</dd>
            </div>
            <div>
              <dt>区服</dt>
              <dd>{where || '不限'}</dd>
            </div>
            <div>
              <dt>库存</dt>
              <dd>{detail.stock} 件</dd>
            </div>
            <div>
              <dt>发布时间</dt>
              <dd>{parseTime(detail.createdAt, 'YYYY-MM-DD HH:mm')}</dd>
            </div>
            <div>
              <dt>商品编号</dt>
              <dd>{detail.goodsId}</dd>
            </div>
          </dl>
          <BuyActions detail={detail} />
          {/* following needs a listing on sale; one already followed can be unfollowed */}
          {detail.isOwner || (detail.status !== 'ON_SALE' && !followed) ? null : (
            <div>
              <Button
                icon={followed ? <HeartFilled /> : <HeartOutlined />}
                className={`goods-follow ${followed ? 'is-followed' : ''}`}
                loading={follow.isPending(detail.goodsId)}
                aria-pressed={followed}
                onClick={() => void follow.toggle(detail)}
              >
                {followed ? '已关注' : '关注商品'}
              </Button>
            </div>
          )}
        </div>
      </section>

      <div className="detail-body">
        <section className="panel">
          <div className="detail-section">
            <h2 className="panel__title">商品属性</h2>
            {entries.length === 0 ? (
              <p className="detail-description">卖家未填写属性</p>
            ) : (
              <dl className="detail-attributes">
                {entries.map((entry) => (
                  <div key={entry.key}>
                    <dt>{entry.label}</dt>
                    <dd>{entry.text}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
          <div className="detail-section">
            <h2 className="panel__title">商品描述</h2>
            <p className="detail-description">{detail.description || '卖家未填写描述'}</p>
          </div>
        </section>
        <aside className="detail-side">
          <SellerCard detail={detail} />
          <SafetyNotes protectionDays={config.data?.protectionDays} autoDelivery={detail.autoDelivery} />
        </aside>
      </div>
    </div>
  )
}

export default function DetailPage() {
  const { file } = useParams()
  const goodsId = idFromHtmlSegment(file)
  const detail = useQuery(['detail', goodsId], () =>
    goodsId === null
      ? Promise.reject(new ApiError('访问资源不存在', 404, false))
      : getGoodsDetail(goodsId, { errors: 'caller' }),
  )
  if (detail.error) {
    const missing = detail.error instanceof ApiError && detail.error.code === 404
    // a listing that was on sale and is hidden for now (in review) is 已下架, not gone
    // (a 404's message is fixed by the request layer: the server's own is in the body)
    const takenDown =
      missing && (detail.error as ApiError & { body?: { msg?: unknown } }).body?.msg === GOODS_MSG.OFF_SHELF
    return (
      <div className="page-container">
        <section className="panel detail-missing">
          <Result
            status={missing ? (takenDown ? 'warning' : '404') : 'error'}
            title={takenDown ? '该商品已下架' : missing ? '商品不存在或已被删除' : '商品加载失败'}
            subTitle={
              takenDown
                ? '卖家已下架这件商品，暂不能查看和购买'
                : missing
                  ? '可能是链接有误，或卖家已删除了这件商品'
                  : apiErrorText(detail.error)
            }
            extra={[
              missing ? null : (
                <Button key="retry" type="primary" onClick={detail.reload}>
                  重试
                </Button>
              ),
              <Link key="list" to="/list.html">
                <Button type={missing ? 'primary' : 'default'}>去逛逛其他商品</Button>
              </Link>,
            ]}
          />
        </section>
      </div>
    )
  }
  if (!detail.data || detail.loading) {
    return (
      <div className="page-container detail-page">
        <section className="panel">
          <Skeleton active avatar={{ shape: 'square', size: 240 }} paragraph={{ rows: 8 }} />
        </section>
      </div>
    )
  }
  return <DetailView key={detail.data.goodsId} detail={detail.data} />
}
