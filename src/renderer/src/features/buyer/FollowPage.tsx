/**
 * /buyer/follow.html: the listings the user follows, with the price when followed, the price now and
 * the change (green ↓ cheaper, red ↑ dearer); unfollow; link to the detail. Page in the URL.
 */
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Popconfirm, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ArrowDownOutlined, ArrowUpOutlined, HeartOutlined } from '@ant-design/icons'
import type { FollowedGoods } from '@shared/api/follow'
import { GOODS_STATUS_LABELS } from '@shared/api/goods'
import { PAGINATION } from '@shared/constants'
import type { ScrollState } from '@renderer/app/RootShell'
import { followListQuery, useFollowGoods } from '@renderer/api/follow'
import { goodsDetailPath, STATUS_COLORS } from '@renderer/api/goods'
import { ListingCell } from '@renderer/components/ListingCell'
import { QueryListTable } from '@renderer/components/QueryListTable'
import { Pagination } from '@renderer/components/Pagination'
import { toastError } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { pagingOf } from '@renderer/utils/url-params'
import './buyer.css'

export function PriceChange({ change }: { change: number }) {
  if (change === 0) return <span className="price-change price-change--flat">未变化</span>
  const down = change < 0
  return (
    <span className={`price-change ${down ? 'price-change--down' : 'price-change--up'}`}>
      {down ? <ArrowDownOutlined /> : <ArrowUpOutlined />} {down ? '降价' : '涨价'}{' '}
      {formatYuan(Math.abs(change))}
    </span>
  )
}

export default function FollowPage() {
  const [params, setParams] = useSearchParams()
  const { page, limit } = pagingOf(params)
  const list = useQuery(followListQuery({ pageNum: page, pageSize: limit }))
  const unfollowing = useFollowGoods()
  const removing = unfollowing.isPending ? unfollowing.variables.goodsId : null

  // the list follows by itself (the mutation refreshes the follow lists)
  const unfollow = (goods: FollowedGoods) =>
    unfollowing.mutateAsync({ goodsId: goods.goodsId, follow: false }).then(
      () => {
        toast('success', '已取消关注')
        // the last row of a page: go back one page
        if (list.data && list.data.rows.length === 1 && page > 1) setParams({ page: String(page - 1) })
      },
      (error: unknown) => toastError(error),
    )

  const columns: ColumnsType<FollowedGoods> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <ListingCell goods={g} className="follow-goods">
          {g.status !== 'ON_SALE' ? (
            <Tag color={STATUS_COLORS[g.status]} className="follow-goods__status">
              {GOODS_STATUS_LABELS[g.status]}
            </Tag>
          ) : null}
        </ListingCell>
      ),
    },
    {
      title: '关注时价格',
      dataIndex: 'priceWhenFollowed',
      width: 130,
      render: (fen: number) => <span className="follow-price--old">{formatYuan(fen)}</span>,
    },
    {
      title: '当前价格',
      dataIndex: 'price',
      width: 130,
      render: (fen: number) => <strong className="follow-price">{formatYuan(fen)}</strong>,
    },
    {
      title: '价格变化',
      dataIndex: 'priceChange',
      width: 140,
      render: (change: number) => <PriceChange change={change} />,
    },
    {
      title: '关注时间',
      dataIndex: 'followedAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, g) => (
        <div className="table-actions">
          <Link to={goodsDetailPath(g.goodsId)}>查看</Link>
          <Popconfirm
            title="取消关注这件商品？"
            okText="取消关注"
            cancelText="再想想"
            onConfirm={() => unfollow(g)}
          >
            <Button type="link" size="small" danger loading={removing === g.goodsId}>
              取消关注
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ]

  return (
    <div className="page-container buyer-page">
      <section className="panel">
        <div className="panel__head">
          <h1 className="panel__title">
            <HeartOutlined /> 我的关注
          </h1>
          <span className="panel__extra">{list.data ? `共 ${list.data.total} 件` : null}</span>
        </div>
        <p className="page-hint">
          关注的商品降价或涨价，这里都会标出来；商品售出或下架后也会保留，方便您对比价格。
        </p>
        <QueryListTable<FollowedGoods>
          card={{ title: 'goods', actions: 'actions', label: (g) => g.title }}
          list={list}
          errorTitle="关注列表加载失败"
          rowKey="goodsId"
          columns={columns}
          scroll={{ x: 900 }}
          empty={{ description: '还没有关注的商品', action: { to: '/list.html', label: '去逛逛' } }}
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={page}
          limit={limit}
          onChange={(p, l) =>
            setParams(
              {
                ...(p !== PAGINATION.page ? { page: String(p) } : {}),
                ...(l !== PAGINATION.limit ? { limit: String(l) } : {}),
              },
              { state: { keepScroll: true } satisfies ScrollState },
            )
          }
        />
      </section>
    </div>
  )
}
