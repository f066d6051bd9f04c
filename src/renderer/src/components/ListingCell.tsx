/**
 * A listing in a table cell (seller and buyer centre tables): cover, title linking to the detail,
 * and a meta line under it. Titles are React text — HTML in a title is shown as characters.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { GOODS_TYPE_LABELS, type GoodsBrief } from '@shared/api/goods'
import { goodsDetailPath } from '@renderer/api/goods'
import { GoodsCover } from './GoodsCard'
import './listing-cell.css'

/** 游戏 · 类型 · 区 / 服, the parts that are known. */
export function listingMetaText(goods: GoodsBrief): string {
  return [
    goods.gameName,
    GOODS_TYPE_LABELS[goods.goodsType],
    [goods.areaName, goods.serverName].filter(Boolean).join(' / '),
  ]
    .filter(Boolean)
    .join(' · ')
}

export function ListingTitleLink({ goodsId, title }: { goodsId: number; title: string }) {
  return (
    <Link to={goodsDetailPath(goodsId)} className="listing-cell__title" title={title}>
      {title}
    </Link>
  )
}

/** The title and meta line, without the cover. `children` go after the meta line. */
export function ListingText({
  goodsId,
  title,
  meta,
  children,
}: {
  goodsId: number
  title: string
  meta: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="listing-cell__text">
      <ListingTitleLink goodsId={goodsId} title={title} />
      <span className="listing-cell__meta">{meta}</span>
      {children}
    </div>
  )
}

/** Cover and text; `metaExtra` goes inside the meta line, `children` after it. */
export function ListingCell({
  goods,
  metaExtra,
  className,
  children,
}: {
  goods: GoodsBrief
  metaExtra?: ReactNode
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={className ? `listing-cell ${className}` : 'listing-cell'}>
      <Link
        to={goodsDetailPath(goods.goodsId)}
        className="listing-cell__cover"
        tabIndex={-1}
        aria-hidden="true"
      >
        <GoodsCover src={goods.coverUrl} alt="" />
      </Link>
      <ListingText
        goodsId={goods.goodsId}
        title={goods.title}
        meta={
          <>
            {listingMetaText(goods)}
            {metaExtra}
          </>
        }
      >
        {children}
      </ListingText>
    </div>
  )
}
