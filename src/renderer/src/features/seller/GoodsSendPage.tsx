/**
 * /seller/goodsSend.html, goods push: put an on-sale listing at the top of its game's list for a
 * chosen time (shown as 推荐 in lists). The daily quota (used/total), the push form, and the pushes
 * with their state and end time.
 */
import './seller.css'
import './goods-send.css'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Form, Progress, Radio, Select, Skeleton, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { ReloadOutlined, RocketOutlined } from '@ant-design/icons'
import type { PushRecord } from '@shared/api/push'
import { PAGINATION } from '@shared/constants'
import { myGoodsQuery, pushesQuery, pushQuotaQuery, usePushGoods } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { ListingTitleLink } from '@renderer/components/ListingCell'
import { Pagination } from '@renderer/components/Pagination'
import { usePagerState } from '@renderer/components/use-pager-state'
import { errorToShow } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { ResponsiveTable } from '@renderer/components/ResponsiveTable'

export function hoursLabel(hours: number): string {
  if (hours % 24 === 0) return `${hours / 24} 天`
  return `${hours} 小时`
}

interface PushForm {
  goodsId?: number
  hours?: number
}

export default function GoodsSendPage() {
  const [params] = useSearchParams()
  const preset = Number(params.get('goodsId')) || undefined
  const [form] = Form.useForm<PushForm>()
  const quota = useQuery(pushQuotaQuery())
  const onSale = useQuery(myGoodsQuery({ status: 'ON_SALE', pageNum: 1, pageSize: 100 }))
  const { page, limit, props: paging } = usePagerState(PAGINATION.limit, { autoScroll: false })
  const pushes = useQuery(pushesQuery({ pageNum: page, pageSize: limit }))
  const pushing = usePushGoods()
  const [error, setError] = useState('')

  const left = quota.data ? Math.max(0, quota.data.dailyQuota - quota.data.usedToday) : 0
  const options = (onSale.data?.rows ?? []).map((g) => ({
    value: g.goodsId,
    label: `${g.title}（${g.gameName} · ${formatYuan(g.price)}）`,
  }))

  const submit = ({ goodsId, hours }: PushForm) => {
    if (!goodsId || !hours) return
    setError('')
    // the quota and the records follow by themselves (the mutation refreshes them)
    pushing.mutate(
      { goodsId, hours },
      {
        onSuccess: () => {
          toast('success', `推送成功，商品将在 ${hoursLabel(hours)} 内显示在列表前面`)
          form.resetFields(['goodsId'])
        },
        onError: (err) => {
          setError(errorToShow(err, '推送失败') ?? '')
        },
      },
    )
  }

  const columns: ColumnsType<PushRecord> = [
    {
      title: '商品',
      dataIndex: 'goodsTitle',
      render: (title: string, row) => <ListingTitleLink goodsId={row.goodsId} title={title} />,
    },
    {
      title: '开始时间',
      dataIndex: 'startAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '结束时间',
      dataIndex: 'endAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '状态',
      dataIndex: 'active',
      width: 100,
      render: (active: boolean) => (active ? <Tag color="volcano">推送中</Tag> : <Tag>已结束</Tag>),
    },
  ]

  return (
    <CentreLayout centre={SELLER_CENTRE} title="商品推送">
      <div className="push-layout">
        <section className="push-quota" aria-label="今日推送额度">
          {quota.error ? (
            <ErrorAlert error={quota.error} fallback="额度加载失败" />
          ) : !quota.data ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (
            <>
              <Progress
                type="circle"
                size={112}
                percent={quota.data.dailyQuota ? (quota.data.usedToday / quota.data.dailyQuota) * 100 : 100}
                format={() => (
                  <span className="push-quota__value">
                    {quota.data!.usedToday}/{quota.data!.dailyQuota}
                  </span>
                )}
                status={left === 0 ? 'exception' : 'normal'}
              />
              <div>
                <strong>
                  今日已用 {quota.data.usedToday} 次，还可推送 {left} 次
                </strong>
                <p className="publish-hint">
                  额度每天 0 点恢复。推送中的商品在所属游戏的列表中排在前面，并带有“推荐”标签。
                </p>
              </div>
            </>
          )}
        </section>

        <Form<PushForm>
          form={form}
          layout="vertical"
          className="push-form"
          initialValues={{ goodsId: preset }}
          onFinish={submit}
          onValuesChange={() => error && setError('')}
        >
          <Form.Item
            name="goodsId"
            label="选择在售商品"
            rules={[{ required: true, message: '请选择要推送的商品' }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={onSale.data && options.length === 0 ? '没有在售商品' : '选择要推送的商品'}
              aria-label="选择在售商品"
              loading={onSale.isPending}
              options={options}
              notFoundContent={
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有在售商品">
                  <Link to="/seller/selectType.html">去发布</Link>
                </Empty>
              }
            />
          </Form.Item>
          <Form.Item name="hours" label="推送时长" rules={[{ required: true, message: '请选择推送时长' }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={(quota.data?.hourOptions ?? []).map((h) => ({ value: h, label: hoursLabel(h) }))}
            />
          </Form.Item>
          <ErrorAlert className="publish-error" error={error} />
          <Button
            type="primary"
            htmlType="submit"
            icon={<RocketOutlined />}
            loading={pushing.isPending}
            disabled={Boolean(quota.data) && left === 0}
          >
            {quota.data && left === 0 ? '今日额度已用完' : '立即推送'}
          </Button>
        </Form>
      </div>

      <div className="panel__head push-records__head">
        <h2 className="publish-section-title">推送记录</h2>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void pushes.refetch()}>
          刷新
        </Button>
      </div>
      {pushes.error && !pushes.isFetching ? (
        <ErrorAlert error={pushes.error} fallback="推送记录加载失败" />
      ) : (
        <ResponsiveTable<PushRecord>
          card={{ title: 'goodsTitle' }}
          rowKey="pushId"
          columns={columns}
          dataSource={pushes.data?.rows ?? []}
          loading={pushes.isFetching}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty description="还没有推送记录" /> }}
        />
      )}
      <Pagination total={pushes.data?.total ?? 0} {...paging} />
    </CentreLayout>
  )
}
