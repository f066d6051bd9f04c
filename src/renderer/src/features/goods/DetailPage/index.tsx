/**
 * /detail/{goodsId}.html: one listing (DetailView). Buy and bid are offered only while the listing is
 * on sale: a sold or taken-down (已下架) one shows its state instead. A listing hidden while it was on
 * sale (in review) says 已下架 too; an unknown or deleted one says 商品不存在或已被删除.
 */
import { Link, useParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Result, Skeleton } from 'antd'
import { GOODS_MSG } from '@shared/api/goods'
import { goodsDetailQuery } from '@renderer/api/goods'
import { ApiError } from '@renderer/api/http'
import { idFromHtmlSegment } from '@renderer/app/route-table'
import { errorToShow } from '@renderer/utils/api-error'
import { DetailView } from './DetailView'
import './detail.css'

function Missing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // no error: the address names no listing
  const missing = error === null || (error instanceof ApiError && error.code === 404)
  // a listing that was on sale and is hidden for now (in review) is 已下架, not gone
  // (a 404's message is fixed by the request layer: the server's own is in the body)
  const takenDown =
    missing && (error as (ApiError & { body?: { msg?: unknown } }) | null)?.body?.msg === GOODS_MSG.OFF_SHELF
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
                : errorToShow(error)
          }
          extra={[
            missing ? null : (
              <Button key="retry" type="primary" onClick={onRetry}>
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

export default function DetailPage() {
  const { file } = useParams()
  const goodsId = idFromHtmlSegment(file)
  const detail = useQuery({ ...goodsDetailQuery(goodsId ?? 0), enabled: goodsId !== null })
  // an address that is not {id}.html names no listing
  if (goodsId === null) return <Missing error={null} onRetry={() => undefined} />
  if (detail.isError) return <Missing error={detail.error} onRetry={() => void detail.refetch()} />
  if (!detail.data) {
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
