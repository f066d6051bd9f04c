/** The home page's shelves of listings: recommended (pushed first) and the newest. */
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Button, Empty, Skeleton } from 'antd'
import { ClockCircleOutlined, FireOutlined, RightOutlined } from '@ant-design/icons'
import type { GoodsBrief } from '@shared/api/goods'
import { homeGoodsQuery } from '@renderer/api/goods'
import { GoodsCard } from '@renderer/components/GoodsCard'

function GoodsShelf({
  id,
  title,
  icon,
  goods,
  failed,
  more,
}: {
  id: string
  title: string
  icon: ReactNode
  goods: GoodsBrief[] | undefined
  failed: boolean
  more: string
}) {
  return (
    <section className="panel goods-shelf" aria-labelledby={id}>
      <div className="panel__head">
        <h2 className="panel__title" id={id}>
          {icon} {title}
        </h2>
        <Link to={more} className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      {failed ? (
        <Empty description="商品加载失败，请稍后刷新重试" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : !goods ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : goods.length === 0 ? (
        <Empty description="暂时还没有商品" image={Empty.PRESENTED_IMAGE_SIMPLE}>
          <Link to="/seller/selectType.html">
            <Button type="primary">发布第一件商品</Button>
          </Link>
        </Empty>
      ) : (
        <ul className="goods-grid goods-shelf__grid">
          {goods.slice(0, 8).map((item) => (
            <li key={item.goodsId}>
              <GoodsCard goods={item} showGame />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function HomeListings() {
  const home = useQuery(homeGoodsQuery())
  const failed = home.isError
  return (
    <>
      {home.data && home.data.recommended.length === 0 ? null : (
        <GoodsShelf
          id="recommended-title"
          title="推荐商品"
          icon={<FireOutlined />}
          goods={home.data?.recommended}
          failed={failed}
          more="/list.html"
        />
      )}
      <GoodsShelf
        id="newest-title"
        title="最新发布"
        icon={<ClockCircleOutlined />}
        goods={home.data?.newest}
        failed={failed}
        more="/list.html?sort=newest"
      />
    </>
  )
}
