/**
 * 最近浏览: the listings this browser viewed last (recently-viewed.ts, localStorage only), this one
 * left out. Nothing on the server or while hydrating; the stored list right after (`useHydrated`: read
 * while hydrating, the stored list would draw the section again in the hydration's task).
 */
import { Button } from 'antd'
import { Link } from 'react-router-dom'
import { goodsDetailPath } from '@renderer/api/goods'
import { GoodsCover } from '@renderer/components/GoodsCard'
import { formatYuan } from '@renderer/utils/money'
import { clearRecent, useRecentlyViewed } from './recently-viewed'
import { useHydrated } from './use-hydrated'

export function RecentlyViewed({ exclude }: { exclude?: number }) {
  return useHydrated() ? <RecentList exclude={exclude} /> : null
}

function RecentList({ exclude }: { exclude?: number }) {
  const recent = useRecentlyViewed().filter((e) => e.goodsId !== exclude)
  if (recent.length === 0) return null
  return (
    <section className="panel discover-section" aria-labelledby="recent-title">
      <div className="panel__head">
        <h2 className="panel__title" id="recent-title">
          最近浏览
        </h2>
        <Button type="link" size="small" onClick={clearRecent}>
          清空
        </Button>
      </div>
      <ul className="discover-recent" aria-label="最近浏览的商品">
        {recent.map((e) => (
          <li key={e.goodsId}>
            <Link to={goodsDetailPath(e.goodsId)} className="discover-recent__item">
              <GoodsCover src={e.coverUrl} alt={e.title} className="discover-recent__cover" />
              <span className="discover-recent__title">{e.title}</span>
              <span className="discover-recent__meta">
                <span className="discover-recent__price">{formatYuan(e.price)}</span>
                <span>{e.gameName}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
