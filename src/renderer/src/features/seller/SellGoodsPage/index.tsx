/**
 * /seller/sellGoods.html: the seller's listings by state (全部/审核中/在售/已下架/已售出), game and
 * keyword, with paging (all in the URL). Actions by state (GoodsActions): 上架/下架, 改价 (元), 编辑,
 * 删除, 推送. A refusal (403 not yours, 404 gone, a rule) is shown with the server's own message.
 * Rows of the page can be selected for the bulk tools (BulkBar, docs/seller-tools.md).
 */
import '../seller.css'
import './sell-goods.css'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Tabs, Tag, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { GOODS_STATUS_LABELS, type GoodsBrief, type GoodsStatus } from '@shared/api/goods'
import { STATUS_COLORS } from '@renderer/api/goods'
import { myGoodsQuery } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import type { ScrollState } from '@renderer/app/RootShell'
import { ListingCell } from '@renderer/components/ListingCell'
import { QueryListTable } from '@renderer/components/QueryListTable'
import { Pagination } from '@renderer/components/Pagination'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { pagingOf, positiveInt, setPaging } from '@renderer/utils/url-params'
import { GoodsActions, useGoodsActions } from './GoodsActions'
import { GoodsToolbar } from '../GoodsToolbar'
import { PriceModal } from './PriceModal'
import { BidFloorModal } from './BidFloorModal'
import { BulkBar } from './BulkBar'

const STATUS_TABS: Array<{ key: GoodsStatus | 'ALL'; label: string }> = [
  { key: 'ALL', label: '全部' },
  { key: 'AUDITING', label: GOODS_STATUS_LABELS.AUDITING },
  { key: 'ON_SALE', label: GOODS_STATUS_LABELS.ON_SALE },
  { key: 'OFF_SHELF', label: GOODS_STATUS_LABELS.OFF_SHELF },
  { key: 'SOLD', label: GOODS_STATUS_LABELS.SOLD },
]

function isStatus(value: string | null): value is GoodsStatus {
  return value !== null && Object.hasOwn(GOODS_STATUS_LABELS, value)
}

export default function SellGoodsPage() {
  const [params, setParams] = useSearchParams()
  const statusParam = params.get('status')
  const status = isStatus(statusParam) ? statusParam : undefined
  const gameId = positiveInt(params.get('gameId')) ?? undefined
  const keyword = params.get('keyword')?.trim() || undefined
  const { page, limit } = pagingOf(params)

  const list = useQuery(myGoodsQuery({ status, gameId, keyword, pageNum: page, pageSize: limit }))
  const actions = useGoodsActions()
  const [pricing, setPricing] = useState<GoodsBrief | null>(null)
  const [flooring, setFlooring] = useState<GoodsBrief | null>(null)
  // the selection belongs to the rows on screen: another page, tab or filter starts empty
  const [selection, setSelection] = useState<{ of: string; rows: GoodsBrief[] }>({ of: '', rows: [] })
  const selected = selection.of === params.toString() ? selection.rows : []

  const go = (next: {
    status?: GoodsStatus
    gameId?: number
    keyword?: string
    page?: number
    limit?: number
  }) => {
    const search = new URLSearchParams()
    if (next.status) search.set('status', next.status)
    if (next.gameId) search.set('gameId', String(next.gameId))
    if (next.keyword) search.set('keyword', next.keyword)
    setPaging(search, next)
    setParams(search, { state: { keepScroll: true } satisfies ScrollState })
  }
  const current = { status, gameId, keyword, limit }

  const columns: ColumnsType<GoodsBrief> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <ListingCell
          goods={g}
          metaExtra={
            g.pushed ? (
              <Tag color="volcano" className="seller-goods__pushed">
                推荐中
              </Tag>
            ) : null
          }
        />
      ),
    },
    {
      title: '价格',
      dataIndex: 'price',
      width: 120,
      render: (fen: number) => <strong className="seller-price">{formatYuan(fen)}</strong>,
    },
    { title: '库存', dataIndex: 'stock', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      render: (s: GoodsStatus, g) => (
        <div className="seller-status">
          <Tag color={STATUS_COLORS[s]}>{GOODS_STATUS_LABELS[s]}</Tag>
          {/* the server's reason in full: held for review (contact details), kept off the shelf
              (no screenshot yet), or rejected by staff (审核未通过：…) */}
          {g.auditRemark ? (
            <Tooltip title={g.auditRemark}>
              <span className="seller-status__remark">{g.auditRemark}</span>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    { title: '浏览', dataIndex: 'viewCount', width: 70 },
    {
      title: '发布时间',
      dataIndex: 'createdAt',
      width: 140,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      render: (_, g) => (
        <GoodsActions goods={g} actions={actions} onPrice={setPricing} onFloor={setFlooring} />
      ),
    },
  ]

  return (
    <CentreLayout
      centre={SELLER_CENTRE}
      title="我出售的商品"
      extra={
        <>
          <Link to="/seller/busPublish.html">
            <Button icon={<UploadOutlined />}>批量发布</Button>
          </Link>
          <Link to="/seller/selectType.html">
            <Button type="primary" icon={<PlusOutlined />}>
              发布商品
            </Button>
          </Link>
        </>
      }
    >
      <Tabs
        activeKey={status ?? 'ALL'}
        onChange={(key) =>
          go({ ...current, status: key === 'ALL' ? undefined : (key as GoodsStatus), page: 1 })
        }
        items={STATUS_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
      />
      <GoodsToolbar
        gameId={gameId}
        keyword={keyword}
        searchLabel="搜索我的商品"
        onGame={(value) => go({ ...current, gameId: value, page: 1 })}
        onSearch={(text) => go({ ...current, keyword: text, page: 1 })}
      />
      <BulkBar selected={selected} onClear={() => setSelection({ of: '', rows: [] })} />
      <QueryListTable<GoodsBrief>
        card={{ title: 'goods', actions: 'actions', label: (g) => g.title }}
        list={list}
        errorTitle="商品加载失败"
        rowKey="goodsId"
        rowSelection={{
          selectedRowKeys: selected.map((g) => g.goodsId),
          onChange: (_keys, rows) => setSelection({ of: params.toString(), rows }),
          getCheckboxProps: (g) => ({ 'aria-label': `选择 ${g.title}` }),
        }}
        columns={columns}
        scroll={{ x: 1040 }}
        empty={{
          description: status || gameId || keyword ? '没有符合条件的商品' : '您还没有发布商品',
          action:
            status || gameId || keyword ? null : { to: '/seller/selectType.html', label: '发布第一件商品' },
        }}
      />
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ ...current, page: p, limit: l })}
      />
      {pricing ? (
        <PriceModal goods={pricing} onClose={() => setPricing(null)} onSaved={() => setPricing(null)} />
      ) : null}
      {flooring ? <BidFloorModal goods={flooring} onClose={() => setFlooring(null)} /> : null}
    </CentreLayout>
  )
}
