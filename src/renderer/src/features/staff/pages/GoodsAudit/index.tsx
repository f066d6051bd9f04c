/**
 * 商品审核: the review queue (held listings with their hold reason highlighted) and every listing;
 * approve, reject with the reason the seller reads (one or many), forced take-down.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Drawer, Image, Space, Spin, Tabs } from 'antd'
import type { StaffGoods } from '@shared/api/goods'
import { PERMS } from '@shared/permissions'
import {
  goodsDetailQuery,
  staffGoodsQuery,
  useApproveGoods,
  useRejectGoods,
  useTakedownGoods,
  type StaffGoodsQuery,
} from '@renderer/api/goods'
import { HasPermi } from '@renderer/components/HasPermi'
import { DictTag, DictFilter } from '../../parts/dict'
import { ReasonModal } from '../../parts/ReasonModal'
import { FilterForm, usePagedQuery, TextFilter } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE, yuanText } from '../../parts/table'

/**
 * The listing's description and screenshots in the drawer: the public detail endpoint answers staff
 * with the review permission for a held or off-sale listing too (a staff preview, docs/console.md).
 */
function ListingContent({ goodsId }: { goodsId: number }) {
  const detail = useQuery(goodsDetailQuery(goodsId))
  if (detail.isPending) return <Spin size="small" />
  if (!detail.data) return <span>加载失败</span>
  return (
    <>
      <p className="console-goods-description">{detail.data.description || '卖家未填写描述'}</p>
      {detail.data.images.length === 0 ? (
        <span>无截图</span>
      ) : (
        <Image.PreviewGroup>
          <Space wrap size={4} aria-label="商品截图">
            {detail.data.images.map((img) => (
              <Image
                key={img.imageId}
                src={img.thumbUrl}
                preview={{ src: img.url }}
                width={96}
                alt="商品截图"
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </>
  )
}

type Ask = { kind: 'reject'; ids: number[] } | { kind: 'takedown'; id: number } | null

export default function GoodsAuditPage() {
  const { query, search, paging } = usePagedQuery<StaffGoodsQuery>({
    ...FIRST_PAGE,
    status: 'AUDITING',
  })
  const [selected, setSelected] = useState<number[]>([])
  const [detail, setDetail] = useState<StaffGoods | null>(null)
  const [ask, setAsk] = useState<Ask>(null)
  const goods = useQuery(staffGoodsQuery(query))
  const approve = useApproveGoods()
  const reject = useRejectGoods()
  const takedown = useTakedownGoods()
  const queue = query.status === 'AUDITING'

  const done = () => {
    setSelected([])
    setAsk(null)
    setDetail(null)
  }

  return (
    <>
      <Tabs
        activeKey={queue ? 'queue' : 'all'}
        onChange={(key) => {
          setSelected([])
          search(key === 'queue' ? { status: 'AUDITING' } : {})
        }}
        items={[
          { key: 'queue', label: '待审核' },
          { key: 'all', label: '全部商品' },
        ]}
      />
      <FilterForm<{ keyword?: string; sellerName?: string; status?: StaffGoodsQuery['status'] }>
        onSearch={(v) => search({ ...v, status: queue ? 'AUDITING' : v.status })}
      >
        <TextFilter name="keyword" label="标题" maxLength={50} />
        <TextFilter name="sellerName" label="卖家" maxLength={64} />
        {!queue && <DictFilter dictType="goods_status" />}
      </FilterForm>
      {queue && (
        <div className="console-toolbar">
          <HasPermi permissions={[PERMS.goodsAuditApprove]}>
            <Button
              type="primary"
              disabled={selected.length === 0}
              loading={approve.isPending}
              onClick={() => approve.mutate(selected, { onSuccess: done })}
            >
              批量通过
            </Button>
          </HasPermi>
          <HasPermi permissions={[PERMS.goodsAuditReject]}>
            <Button
              danger
              disabled={selected.length === 0}
              onClick={() => setAsk({ kind: 'reject', ids: selected })}
            >
              批量驳回
            </Button>
          </HasPermi>
        </div>
      )}
      <QueryTable<StaffGoods>
        list={goods}
        rowKey="goodsId"
        rowSelection={
          queue ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'goodsId', width: 80 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '游戏', dataIndex: 'gameName' },
          { title: '价格', dataIndex: 'price', render: yuanText },
          { title: '卖家', dataIndex: 'sellerName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string) => <DictTag dictType="goods_status" value={v} />,
          },
          {
            title: '审核原因',
            dataIndex: 'auditRemark',
            render: (v: string, row) => (row.held ? <span className="console-hold">{v}</span> : v || '-'),
          },
          { title: '提交时间', dataIndex: 'updatedAt', render: dateTime },
          {
            title: '操作',
            key: 'op',
            render: (_, row) => (
              <Space size="small">
                <a onClick={() => setDetail(row)}>详情</a>
                {row.status === 'AUDITING' && (
                  <>
                    <HasPermi permissions={[PERMS.goodsAuditApprove]}>
                      <a onClick={() => approve.mutate([row.goodsId], { onSuccess: done })}>通过</a>
                    </HasPermi>
                    <HasPermi permissions={[PERMS.goodsAuditReject]}>
                      <a onClick={() => setAsk({ kind: 'reject', ids: [row.goodsId] })}>驳回</a>
                    </HasPermi>
                  </>
                )}
                {(row.status === 'ON_SALE' || row.status === 'AUDITING') && (
                  <HasPermi permissions={[PERMS.goodsTakedown]}>
                    <a
                      className="console-danger"
                      onClick={() => setAsk({ kind: 'takedown', id: row.goodsId })}
                    >
                      强制下架
                    </a>
                  </HasPermi>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="商品详情" size={520} open={detail !== null} onClose={() => setDetail(null)}>
        {detail && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="商品编号">{detail.goodsId}</Descriptions.Item>
            <Descriptions.Item label="标题">{detail.title}</Descriptions.Item>
            <Descriptions.Item label="游戏">{detail.gameName}</Descriptions.Item>
            <Descriptions.Item label="类型">
              <DictTag dictType="goods_type" value={detail.goodsType} />
            </Descriptions.Item>
            <Descriptions.Item label="价格">{yuanText(detail.price)}</Descriptions.Item>
            <Descriptions.Item label="库存">{detail.stock}</Descriptions.Item>
            <Descriptions.Item label="卖家">{detail.sellerName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <DictTag dictType="goods_status" value={detail.status} />
            </Descriptions.Item>
            <Descriptions.Item label="审核原因">
              <span className={detail.held ? 'console-hold' : ''}>{detail.auditRemark || '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label="描述与截图">
              <ListingContent goodsId={detail.goodsId} />
            </Descriptions.Item>
            <Descriptions.Item label="发布时间">{dateTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="查看">
              <a href={`/detail/${detail.goodsId}.html`} target="_blank" rel="noreferrer">
                打开商品页
              </a>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
      <ReasonModal
        open={ask !== null}
        title={ask?.kind === 'takedown' ? '强制下架' : '驳回商品'}
        label={ask?.kind === 'takedown' ? '下架原因（卖家可见）' : '驳回原因（卖家可见）'}
        loading={reject.isPending || takedown.isPending}
        onCancel={() => setAsk(null)}
        onOk={(reason) => {
          if (ask?.kind === 'reject') reject.mutate({ goodsIds: ask.ids, reason }, { onSuccess: done })
          if (ask?.kind === 'takedown') takedown.mutate({ goodsId: ask.id, reason }, { onSuccess: done })
        }}
      />
    </>
  )
}
