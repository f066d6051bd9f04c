/**
 * A listing in a list: a card (grid) or a row. Titles and values are React text — HTML in a title
 * is shown as characters, never run.
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, Tag } from 'antd'
import type { AttributeField } from '@shared/api/game'
import { GOODS_STATUS_LABELS, GOODS_TYPE_LABELS, type GoodsBrief } from '@shared/api/goods'
import { goodsDetailPath, imageSrc, shopPath, STATUS_COLORS } from '@renderer/api/goods'
import { formatYuan } from '@renderer/utils/money'
import { HoverTooltip } from './HoverTooltip'
import { SpriteIcon } from './SpriteIcon'
import { attributeChips } from './listing-attributes'
import './goods-card.css'

export interface GoodsCardProps {
  goods: GoodsBrief
  /** the game's attribute fields, for labelled chips */
  fields?: readonly AttributeField[]
  variant?: 'card' | 'row'
  /** show the follow button (list page) */
  followed?: boolean
  following?: boolean
  onToggleFollow?: (goods: GoodsBrief) => void
  /** show the game's name (mixed-game lists) */
  showGame?: boolean
  /** how the cover loads (default lazily): `coverPriorityAt(index)` in a list */
  coverPriority?: CoverPriority
}

/**
 * How a cover loads: lazily (below the fold), at once (`eager`: the first row of a list), or at once
 * ahead of other requests (`high`: the first card, a phone's largest picture; docs/ssr.md "Images").
 */
export type CoverPriority = 'lazy' | 'eager' | 'high'

/** The covers of a list's first row load at once: a lazy image in view waits for the page's layout. */
export const coverPriorityAt = (index: number): CoverPriority =>
  index === 0 ? 'high' : index < 4 ? 'eager' : 'lazy'

export function GoodsCover({
  src,
  alt,
  className,
  priority = 'lazy',
}: {
  src: string | null
  alt: string
  className?: string
  priority?: CoverPriority
}) {
  const [failed, setFailed] = useState(false)
  const url = imageSrc(src)
  return (
    <span className={`goods-cover ${className ?? ''}`}>
      {url && !failed ? (
        <img
          src={url}
          alt={alt}
          loading={priority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="goods-cover__empty" aria-hidden="true">
          <SpriteIcon name="picture" />
        </span>
      )}
    </span>
  )
}

/*
 * The card's badges and its follow button are plain elements styled like antd's (goods-card.css):
 * twenty cards a page, and antd's Tag and Button (style hooks, wave, compact context) were a sixth
 * of a list page's server render (docs/ssr.md "Render cost"). The row view keeps antd's buttons.
 */

/** 官方代售: the platform verified the account and sells it for its owner (docs/agency-sale.md). */
export function AgencyTag() {
  return <span className="goods-badge goods-agency">官方代售</span>
}

/** 包赔: the seller backs the account against recovery (docs/recovery-protection.md, "In lists"). */
export function ProtectionTag({ days }: { days: number }) {
  return (
    <span className="goods-badge goods-protection" title={`包赔 ${days} 天：账号被找回时按约定赔付`}>
      包赔
    </span>
  )
}

export function PushedTag() {
  return <span className="goods-badge goods-pushed">推荐</span>
}

function whereText(goods: GoodsBrief, showGame: boolean): string {
  return [
    showGame ? goods.gameName : null,
    GOODS_TYPE_LABELS[goods.goodsType],
    goods.platform,
    [goods.areaName, goods.serverName].filter(Boolean).join(' / ') || null,
  ]
    .filter(Boolean)
    .join(' · ')
}

function Chips({ chips }: { chips: string[] }) {
  return chips.map((chip) => (
    <span key={chip} className="goods-chip">
      {chip}
    </span>
  ))
}

/** The shop's name: a link to the shop, except on an agency listing (官方代售: the platform sells it). */
function SellerName({ goods, title }: { goods: GoodsBrief; title?: string }) {
  return goods.agency ? (
    <span className="goods-seller" title={title}>
      <SpriteIcon name="shop" /> {goods.shopName}
    </span>
  ) : (
    <Link to={shopPath(goods.sellerId)} className="goods-seller" title={title}>
      <SpriteIcon name="shop" /> {goods.shopName}
    </Link>
  )
}

function FollowButton({
  goods,
  followed,
  following,
  onToggle,
  compact,
}: {
  goods: GoodsBrief
  followed: boolean
  following?: boolean
  onToggle: (goods: GoodsBrief) => void
  compact?: boolean
}) {
  const label = followed ? '取消关注' : '关注'
  const icon = <SpriteIcon name={followed ? 'heart-filled' : 'heart'} />
  if (compact) {
    // an icon-only button says what it does on hover
    return (
      <HoverTooltip title={label}>
        <button
          type="button"
          className={`goods-follow goods-follow--icon ${followed ? 'is-followed' : ''}`}
          aria-pressed={followed}
          aria-label={`${label}：${goods.title}`}
          aria-busy={following || undefined}
          disabled={following}
          onClick={() => onToggle(goods)}
        >
          {icon}
        </button>
      </HoverTooltip>
    )
  }
  return (
    <Button
      className={`goods-follow ${followed ? 'is-followed' : ''}`}
      size="small"
      icon={icon}
      loading={following}
      aria-pressed={followed}
      aria-label={`${label}：${goods.title}`}
      onClick={() => onToggle(goods)}
    >
      {followed ? '已关注' : '关注'}
    </Button>
  )
}

export function GoodsCard({
  goods,
  fields,
  variant = 'card',
  followed,
  following,
  onToggleFollow,
  showGame = false,
  coverPriority,
}: GoodsCardProps) {
  const href = goodsDetailPath(goods.goodsId)
  const chips = attributeChips(goods.attributes, fields, variant === 'row' ? 6 : 3)
  const where = whereText(goods, showGame)
  const unavailable = goods.status !== 'ON_SALE'
  if (variant === 'row') {
    return (
      <article className="goods-row" aria-label={goods.title}>
        <Link to={href} className="goods-row__cover" tabIndex={-1} aria-hidden="true">
          <GoodsCover src={goods.coverUrl} alt="" priority={coverPriority} />
          {goods.pushed ? <PushedTag /> : null}
        </Link>
        <div className="goods-row__main">
          {goods.agency ? <AgencyTag /> : null}
          {goods.protectionDays > 0 ? <ProtectionTag days={goods.protectionDays} /> : null}
          <Link to={href} className="goods-row__title" title={goods.title}>
            {goods.title}
          </Link>
          {chips.length > 0 ? (
            <div className="goods-chips">
              <Chips chips={chips} />
            </div>
          ) : null}
          <div className="goods-row__meta">
            <span>{where}</span>
            <SellerName goods={goods} />
            <span className="goods-views">
              <SpriteIcon name="eye" /> {goods.viewCount}
            </span>
          </div>
        </div>
        <div className="goods-row__side">
          <strong className="goods-price">{formatYuan(goods.price)}</strong>
          {unavailable ? (
            <Tag color={STATUS_COLORS[goods.status]}>{GOODS_STATUS_LABELS[goods.status]}</Tag>
          ) : null}
          <div className="goods-row__actions">
            {onToggleFollow ? (
              <FollowButton
                goods={goods}
                followed={Boolean(followed)}
                following={following}
                onToggle={onToggleFollow}
              />
            ) : null}
            <Link to={href}>
              <Button type="primary" size="small">
                查看详情
              </Button>
            </Link>
          </div>
        </div>
      </article>
    )
  }
  return (
    <article className="goods-card" aria-label={goods.title}>
      <Link to={href} className="goods-card__cover" tabIndex={-1} aria-hidden="true">
        <GoodsCover src={goods.coverUrl} alt="" priority={coverPriority} />
        {goods.pushed ? <PushedTag /> : null}
        {unavailable ? <span className="goods-card__status">{GOODS_STATUS_LABELS[goods.status]}</span> : null}
      </Link>
      <div className="goods-card__body">
        <Link to={href} className="goods-card__title" title={goods.title}>
          {goods.agency ? <AgencyTag /> : null}
          {goods.protectionDays > 0 ? <ProtectionTag days={goods.protectionDays} /> : null}
          {goods.title}
        </Link>
        <div className="goods-chips goods-chips--one-line">
          <Chips chips={chips} />
        </div>
        <div className="goods-card__where" title={where}>
          {where}
        </div>
        <div className="goods-card__price-line">
          <strong className="goods-price">{formatYuan(goods.price)}</strong>
          {onToggleFollow ? (
            <FollowButton
              goods={goods}
              followed={Boolean(followed)}
              following={following}
              onToggle={onToggleFollow}
              compact
            />
          ) : null}
        </div>
        <div className="goods-card__foot">
          <SellerName goods={goods} title={goods.shopName} />
          <span className="goods-views" aria-label={`浏览 ${goods.viewCount} 次`}>
            <SpriteIcon name="eye" /> {goods.viewCount}
          </span>
        </div>
      </div>
    </article>
  )
}

export default GoodsCard
