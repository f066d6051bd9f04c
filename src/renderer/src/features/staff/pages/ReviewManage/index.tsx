/**
 * Console 评价管理: every review (filters: reported only, hidden, stars, seller), its reports count,
 * hide and unhide with a reason (docs/trading-rules.md, "Reviews"; op_logs row per change).
 * Permissions trade:review:list and trade:review:hide.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Checkbox, Form, InputNumber, Select, Space, Tooltip } from 'antd'
import type { ReviewListQuery, StaffReview } from '@shared/api/review'
import { PERMS } from '@shared/permissions'
import { staffReviewsQuery, useHideReview } from '@renderer/api/review'
import { HasPermi } from '@renderer/components/HasPermi'
import { starsText } from '@renderer/features/review/stars'
import { DictTag, DictFilter } from '../../parts/dict'
import { ReasonModal } from '../../parts/ReasonModal'
import { FilterForm, usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const REVIEW_HIDDEN_DICT = 'review_hidden'

interface Filters {
  reported?: boolean
  hidden?: '0' | '1'
  stars?: number
  sellerId?: number
}

export default function ReviewManagePage() {
  const { query, search, paging } = usePagedQuery<ReviewListQuery>(FIRST_PAGE)
  const [acting, setActing] = useState<StaffReview | null>(null)
  const list = useQuery(staffReviewsQuery(query))
  const hide = useHideReview()

  return (
    <>
      <FilterForm<Filters>
        onSearch={({ hidden, reported, ...v }) =>
          search({ ...v, reported: reported || undefined, hidden: hidden ? hidden === '1' : undefined })
        }
      >
        <Form.Item name="reported" valuePropName="checked">
          <Checkbox>只看被举报</Checkbox>
        </Form.Item>
        <DictFilter dictType={REVIEW_HIDDEN_DICT} name="hidden" width={110} />
        <Form.Item name="stars" label="评分">
          <Select
            allowClear
            style={{ width: 100 }}
            options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: `${n} 星` }))}
          />
        </Form.Item>
        <Form.Item name="sellerId" label="卖家编号">
          <InputNumber min={1} max={2_147_483_647} precision={0} style={{ width: 130 }} />
        </Form.Item>
      </FilterForm>
      <QueryTable<StaffReview>
        list={list}
        errorTitle="评价加载失败"
        rowKey="reviewId"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'reviewId', width: 70 },
          { title: '订单号', dataIndex: 'orderNo', width: 150 },
          {
            title: '评分',
            dataIndex: 'stars',
            width: 100,
            render: (v: number) => <span style={{ color: '#c2410c' }}>{starsText(v)}</span>,
          },
          {
            title: '评价',
            key: 'text',
            render: (_, r) => (
              <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {r.tags.length ? <div>{r.tags.join('、')}</div> : null}
                {r.text || '-'}
                {r.reply ? (
                  <div style={{ color: 'var(--ant-color-success)' }}>卖家回复：{r.reply}</div>
                ) : null}
              </div>
            ),
          },
          { title: '买家', dataIndex: 'buyerName', width: 110 },
          {
            title: '卖家',
            key: 'seller',
            width: 120,
            render: (_, r) => `${r.sellerName}（${r.sellerId}）`,
          },
          { title: '举报', dataIndex: 'reportCount', width: 70 },
          {
            title: '状态',
            key: 'hidden',
            width: 90,
            render: (_, r) => (
              <Tooltip title={r.hiddenReason ?? undefined}>
                <span>
                  <DictTag dictType={REVIEW_HIDDEN_DICT} value={r.hidden ? '1' : '0'} />
                </span>
              </Tooltip>
            ),
          },
          { title: '评价时间', dataIndex: 'createdAt', width: 160, render: dateTime },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) => (
              <HasPermi permissions={[PERMS.reviewHide]}>
                <Space size="small">
                  <a onClick={() => setActing(r)}>{r.hidden ? '恢复显示' : '隐藏'}</a>
                </Space>
              </HasPermi>
            ),
          },
        ]}
      />
      <ReasonModal
        open={acting !== null}
        title={acting?.hidden ? `恢复显示评价 ${acting.reviewId}` : `隐藏评价 ${acting?.reviewId ?? ''}`}
        label={acting?.hidden ? '恢复原因' : '隐藏原因'}
        loading={hide.isPending}
        onCancel={() => setActing(null)}
        onOk={(reason) =>
          acting &&
          hide.mutate(
            { reviewId: acting.reviewId, hidden: !acting.hidden, reason },
            { onSuccess: () => setActing(null) },
          )
        }
      />
    </>
  )
}
