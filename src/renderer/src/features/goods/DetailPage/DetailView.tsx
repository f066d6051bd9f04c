/**
 * One listing: screenshots, title, state, price, where it is, stock, views and follows; buy, bid and
 * follow; attributes with their labels from the game's config, the description; the seller's card and
 * what keeps a trade safe.
 */
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Breadcrumb, Button, Tag } from 'antd'
import { EyeOutlined, HeartFilled, HeartOutlined } from '@ant-design/icons'
import { GOODS_STATUS_LABELS, GOODS_TYPE_LABELS, type GoodsDetail } from '@shared/api/goods'
import { gameConfigQuery } from '@renderer/api/game'
import { STATUS_COLORS } from '@renderer/api/goods'
import { AgencyTag, PushedTag } from '@renderer/components/GoodsCard'
import { attributeEntries, attributeFieldsOf } from '@renderer/components/listing-attributes'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { listHref, parseListQuery } from '../list-query'
import { useFollow } from '../use-follow'
import { BuyActions } from './BuyActions'
import { Gallery } from './Gallery'
import { SafetyNotes } from './SafetyNotes'
import { SellerCard } from './SellerCard'
import { DetailDiscovery, PriceVerdict } from '../../discover/DetailDiscovery'
import { ProtectionTerms } from '@renderer/features/protection/ProtectionTerms'

export function DetailView({ detail }: { detail: GoodsDetail }) {
  const follow = useFollow()
  const config = useQuery(gameConfigQuery(detail.gameId))
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
            {detail.agency ? <AgencyTag /> : null}
            <Tag color="blue">{GOODS_TYPE_LABELS[detail.goodsType]}</Tag>
            <Tag color={STATUS_COLORS[detail.status]}>{GOODS_STATUS_LABELS[detail.status]}</Tag>
          </div>
          <h1 className="detail-title">{detail.title}</h1>
          {detail.preview ? (
            // staff with the goods-review permission see a listing that is not on sale (docs/console.md)
            <Alert
              className="detail-state detail-preview"
              type="error"
              showIcon
              title={`预览：此商品未上架（${detail.preview.reason || GOODS_STATUS_LABELS[detail.preview.status]}）`}
              description="仅有商品审核权限的工作人员可见，买家打开此页看到的是「商品不存在」。"
            />
          ) : detail.status === 'SOLD' ? (
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
            <PriceVerdict detail={detail} />
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
          <ProtectionTerms goodsId={detail.goodsId} goodsType={detail.goodsType} />
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
          <SafetyNotes
            protectionDays={config.data?.protectionDays}
            autoDelivery={detail.autoDelivery}
            goodsId={detail.goodsId}
          />
        </aside>
      </div>
      <DetailDiscovery detail={detail} />
    </div>
  )
}
