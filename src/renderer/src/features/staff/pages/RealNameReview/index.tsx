/**
 * 实名审核 (docs/account-security.md): identities the verification provider could not confirm, and
 * changes of a verified identity, wait here for staff. Approving replaces the account's identity;
 * rejecting needs a remark, which the user reads. The ID number is shown masked, as everywhere.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd'
import { PERMS } from '@shared/permissions'
import { HasPermi } from '@renderer/components/HasPermi'
import {
  realNameReviewsQuery,
  useDecideRealNameReview,
  type RealNameReview,
  type RealNameReviewQuery,
} from '@renderer/api/account'
import { toast } from '@renderer/utils/toast'
import { usePagedQuery } from '../../parts/paged-list'
import { QueryTable } from '../../parts/QueryTable'
import { dateTime, FIRST_PAGE } from '../../parts/table'

const STATUS: Record<RealNameReview['status'], [string, string]> = {
  PENDING: ['待审核', 'warning'],
  APPROVED: ['已通过', 'success'],
  REJECTED: ['已驳回', 'error'],
}

export default function RealNameReviewPage() {
  const { query, search, paging } = usePagedQuery<RealNameReviewQuery>({ ...FIRST_PAGE, status: 'PENDING' })
  const reviews = useQuery(realNameReviewsQuery(query))
  const decide = useDecideRealNameReview()
  const [rejecting, setRejecting] = useState<RealNameReview | null>(null)
  const [remark, setRemark] = useState('')

  const send = (review: RealNameReview, approve: boolean, text?: string) =>
    decide.mutate(
      { reviewId: review.reviewId, approve, ...(text ? { remark: text } : {}) },
      {
        onSuccess: () => {
          toast('success', approve ? '已通过' : '已驳回')
          setRejecting(null)
          setRemark('')
        },
      },
    )

  return (
    <>
      <Form layout="inline" className="console-filters">
        <Form.Item label="状态">
          <Select
            allowClear
            style={{ width: 140 }}
            value={query.status}
            onChange={(status?: RealNameReview['status']) => search({ status })}
            options={Object.entries(STATUS).map(([value, [label]]) => ({ value, label }))}
          />
        </Form.Item>
      </Form>
      <QueryTable<RealNameReview>
        list={reviews}
        rowKey="reviewId"
        paging={paging}
        columns={[
          { title: '编号', dataIndex: 'reviewId', width: 80 },
          { title: '用户名', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'name' },
          { title: '身份证号', dataIndex: 'idNumber' },
          { title: '出生日期', dataIndex: 'birthDate' },
          { title: '申请说明', dataIndex: 'reason', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: RealNameReview['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>,
          },
          { title: '备注', dataIndex: 'remark', ellipsis: true },
          { title: '申请时间', dataIndex: 'createdAt', render: dateTime },
          {
            title: '操作',
            key: 'actions',
            render: (_, review) =>
              review.status === 'PENDING' ? (
                <HasPermi permissions={[PERMS.realNameReview]}>
                  <Space>
                    <Button
                      size="small"
                      type="primary"
                      loading={decide.isPending}
                      onClick={() => send(review, true)}
                    >
                      通过
                    </Button>
                    <Button size="small" danger onClick={() => setRejecting(review)}>
                      驳回
                    </Button>
                  </Space>
                </HasPermi>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title="驳回实名申请"
        okText="驳回"
        okButtonProps={{ danger: true, disabled: !remark.trim(), loading: decide.isPending }}
        onOk={() => rejecting && send(rejecting, false, remark.trim())}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="驳回原因"
          placeholder="驳回原因（用户可见）"
          maxLength={200}
          showCount
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      </Modal>
    </>
  )
}
