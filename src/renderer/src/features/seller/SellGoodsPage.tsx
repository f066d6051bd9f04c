/**
 * /seller/sellGoods.html: the seller's listings by state (全部/审核中/在售/已下架/已售出), game and
 * keyword, with paging (all in the URL). Actions by state: 上架/下架, 改价 (元), 编辑, 删除, 推送.
 * A refusal (403 not yours, 404 gone, a rule) is shown with the server's own message.
 */
import './seller.css'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Select, Table, Tabs, Tag, Tooltip } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { PlusOutlined, UploadOutlined } from '@ant-design/icons'
import { GOODS_STATUS_LABELS, type GoodsBrief, type GoodsStatus } from '@shared/api/goods'
import { PAGINATION } from '@shared/constants'
import type { ScrollState } from '@renderer/app/RootShell'
import { getMyGames } from '@renderer/api/game'
import {
  goodsDetailPath,
  listMyGoods,
  putOnShelf,
  removeGoods,
  STATUS_COLORS,
  takeOffShelf,
  updatePrice,
} from '@renderer/api/goods'
import { Pagination } from '@renderer/components/Pagination'
import { ListingCell } from '@renderer/features/goods/ListingCell'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'
import { fenToYuan, formatYuan, yuanToFen } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { LoadErrorAlert } from '@renderer/components/LoadErrorAlert'
import { checkPrice } from './publish-form'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'

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

function positive(text: string | null, fallback?: number): number | undefined {
  const n = Number(text)
  return text && Number.isSafeInteger(n) && n > 0 ? n : fallback
}

function PriceModal({
  goods,
  onClose,
  onSaved,
}: {
  goods: GoodsBrief
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<{ price: string }>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const save = async () => {
    const { price } = await form.validateFields()
    setSaving(true)
    setError('')
    try {
      await updatePrice(goods.goodsId, yuanToFen(price) as number)
      toast('success', `价格已改为 ${formatYuan(yuanToFen(price))}`)
      onSaved()
    } catch (err) {
      if (!alreadyNotified(err)) setError(apiErrorText(err, '改价失败'))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal
      open
      title="修改价格"
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="modal-goods-title">{goods.title}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ price: fenToYuan(goods.price) }}
        onFinish={() => void save()}
      >
        <Form.Item
          name="price"
          label={`新价格（元），当前 ${formatYuan(goods.price)}`}
          rules={[
            {
              validator: (_, value: string) => {
                const message = checkPrice(value)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input
            prefix="¥"
            suffix="元"
            inputMode="decimal"
            maxLength={14}
            aria-label="新价格（元）"
            autoFocus
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
    </Modal>
  )
}

export default function SellGoodsPage() {
  const [params, setParams] = useSearchParams()
  const statusParam = params.get('status')
  const status = isStatus(statusParam) ? statusParam : undefined
  const gameId = positive(params.get('gameId'))
  const keyword = params.get('keyword')?.trim() || undefined
  const page = positive(params.get('page'), PAGINATION.page) as number
  const limitParam = positive(params.get('limit'))
  const limit =
    limitParam && (PAGINATION.pageSizes as readonly number[]).includes(limitParam)
      ? limitParam
      : PAGINATION.limit

  const games = useQuery(['my-games'], getMyGames)
  const list = useQuery(['my-goods', status, gameId, keyword, page, limit], () =>
    listMyGoods({ status, gameId, keyword, pageNum: page, pageSize: limit }),
  )
  const [busy, setBusy] = useState<number | null>(null)
  const [pricing, setPricing] = useState<GoodsBrief | null>(null)

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
    if (next.page && next.page !== PAGINATION.page) search.set('page', String(next.page))
    if (next.limit && next.limit !== PAGINATION.limit) search.set('limit', String(next.limit))
    setParams(search, { state: { keepScroll: true } satisfies ScrollState })
  }
  const current = { status, gameId, keyword, limit }

  const act = async (goods: GoodsBrief, action: () => Promise<string>) => {
    setBusy(goods.goodsId)
    try {
      toast('success', await action())
      list.reload()
    } catch (error) {
      if (!alreadyNotified(error)) toast('error', apiErrorText(error))
    } finally {
      setBusy(null)
    }
  }

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
      render: (_, g) => {
        const loading = busy === g.goodsId
        return (
          <div className="table-actions">
            {g.status === 'ON_SALE' ? (
              <Popconfirm
                title="下架后买家将看不到这件商品，确定下架？"
                okText="下架"
                cancelText="取消"
                onConfirm={() => act(g, () => takeOffShelf(g.goodsId).then(() => '已下架'))}
              >
                <Button type="link" size="small" loading={loading}>
                  下架
                </Button>
              </Popconfirm>
            ) : null}
            {g.status === 'OFF_SHELF' ? (
              <Button
                type="link"
                size="small"
                loading={loading}
                onClick={() =>
                  void act(g, () =>
                    putOnShelf(g.goodsId).then((next) =>
                      next === 'AUDITING' ? '已提交审核，通过后自动上架' : '已上架',
                    ),
                  )
                }
              >
                上架
              </Button>
            ) : null}
            {g.status !== 'SOLD' ? (
              <>
                <Button type="link" size="small" onClick={() => setPricing(g)}>
                  改价
                </Button>
                <Link to={`/seller/completeInfo.html?goodsId=${g.goodsId}`}>编辑</Link>
              </>
            ) : null}
            {g.status === 'ON_SALE' ? (
              <Link to={`/seller/goodsSend.html?goodsId=${g.goodsId}`}>推送</Link>
            ) : null}
            {g.status !== 'SOLD' && g.status !== 'ON_SALE' ? (
              <Popconfirm
                title="删除后不能恢复，确定删除这件商品？"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => act(g, () => removeGoods(g.goodsId).then(() => '已删除'))}
              >
                <Button type="link" size="small" danger loading={loading}>
                  删除
                </Button>
              </Popconfirm>
            ) : null}
            {g.status === 'SOLD' ? <Link to={goodsDetailPath(g.goodsId)}>查看</Link> : null}
          </div>
        )
      },
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
      <div className="seller-toolbar">
        <Select<number>
          allowClear
          placeholder="全部游戏"
          aria-label="按游戏筛选"
          className="seller-toolbar__game"
          value={gameId}
          loading={games.loading}
          onChange={(value) => go({ ...current, gameId: value ?? undefined, page: 1 })}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
        />
        <Input.Search
          key={keyword ?? ''}
          defaultValue={keyword}
          allowClear
          placeholder="搜索商品标题"
          aria-label="搜索我的商品"
          className="seller-toolbar__search"
          maxLength={50}
          onSearch={(text) => go({ ...current, keyword: text.trim() || undefined, page: 1 })}
        />
      </div>
      {list.error && !list.loading ? (
        <LoadErrorAlert title={apiErrorText(list.error, '商品加载失败')} onRetry={list.reload} />
      ) : (
        <Table<GoodsBrief>
          rowKey="goodsId"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.loading}
          pagination={false}
          scroll={{ x: 1040 }}
          locale={{
            emptyText: (
              <Empty description={status || gameId || keyword ? '没有符合条件的商品' : '您还没有发布商品'}>
                {status || gameId || keyword ? null : (
                  <Link to="/seller/selectType.html">
                    <Button type="primary">发布第一件商品</Button>
                  </Link>
                )}
              </Empty>
            ),
          }}
        />
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onChange={(p, l) => go({ ...current, page: p, limit: l })}
      />
      {pricing ? (
        <PriceModal
          goods={pricing}
          onClose={() => setPricing(null)}
          onSaved={() => {
            setPricing(null)
            list.reload()
          }}
        />
      ) : null}
    </CentreLayout>
  )
}
