/**
 * Console: 反馈处理 — every user feedback (filters: status, type), its screenshots and replies;
 * reply (the author gets an in-site message) and close (docs/platform-pages.md). Permissions
 * platform:feedback:list and platform:feedback:reply. Standalone page: the console shell registers it.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Image, Select, Space, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  FEEDBACK_LIMITS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  type FeedbackListQuery,
  type FeedbackStatus,
  type StaffFeedback,
} from '@shared/api/feedback'
import {
  feedbackTypesQuery,
  staffFeedbackQuery,
  useCloseFeedback,
  useReplyFeedback,
} from '@renderer/api/feedback'
import { imageSrc } from '@renderer/api/goods'
import { TextPromptModal } from '@renderer/components/TextPromptModal'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { QueryTable } from '../../parts/QueryTable'
import { pagination } from '../../parts/table'

const STATUS_COLORS: Record<FeedbackStatus, string> = {
  PENDING: 'orange',
  REPLIED: 'green',
  CLOSED: 'default',
}

function ReplyDialog({ feedback, onClose }: { feedback: StaffFeedback | null; onClose: () => void }) {
  const reply = useReplyFeedback()
  return (
    <TextPromptModal
      open={feedback !== null}
      title="回复反馈"
      okText="回复"
      label="回复内容（用户会收到站内信）"
      requiredMessage="请填写回复内容"
      rows={4}
      maxLength={FEEDBACK_LIMITS.reply}
      loading={reply.isPending}
      onCancel={onClose}
      onSubmit={(content) =>
        feedback &&
        reply.mutate(
          { feedbackId: feedback.feedbackId, content },
          {
            onSuccess: () => {
              toast('success', '回复成功，已通过站内信通知用户')
              onClose()
            },
          },
        )
      }
    >
      {feedback ? <p style={{ whiteSpace: 'pre-wrap' }}>{feedback.content}</p> : null}
    </TextPromptModal>
  )
}

export default function FeedbackHandlingPage() {
  const [filters, setFilters] = useState<Pick<FeedbackListQuery, 'status' | 'feedbackType'>>({
    status: 'PENDING',
  })
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 })
  const list = useQuery(staffFeedbackQuery({ ...page, ...filters }))
  const types = useQuery(feedbackTypesQuery())
  const close = useCloseFeedback()
  const [replying, setReplying] = useState<StaffFeedback | null>(null)

  const columns: ColumnsType<StaffFeedback> = [
    { title: '编号', dataIndex: 'feedbackId', width: 70 },
    { title: '类型', dataIndex: 'typeLabel', width: 100 },
    {
      title: '内容',
      key: 'content',
      render: (_, f) => (
        <div>
          <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{f.content}</div>
          {f.images.length > 0 ? (
            <Image.PreviewGroup>
              <Space size={4} style={{ marginTop: 6 }}>
                {f.images.map((img) => (
                  <Image
                    key={img.imageId}
                    width={56}
                    src={imageSrc(img.thumbUrl)}
                    preview={{ src: imageSrc(img.url) }}
                    alt="反馈截图"
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
          {f.replies.map((r, i) => (
            <div key={i} style={{ marginTop: 6, color: 'var(--ant-color-success)' }}>
              回复（{parseTime(r.createdAt, 'MM-DD HH:mm')}）：{r.content}
            </div>
          ))}
        </div>
      ),
    },
    { title: '用户', dataIndex: 'userName', width: 120 },
    { title: '联系方式', dataIndex: 'contact', width: 140 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: FeedbackStatus) => <Tag color={STATUS_COLORS[s]}>{FEEDBACK_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, f) =>
        f.status === 'CLOSED' ? null : (
          <Space>
            <Button type="link" size="small" onClick={() => setReplying(f)}>
              回复
            </Button>
            <ConfirmLink
              title="关闭后不能再回复，确定关闭？"
              okText="关闭"
              onConfirm={() => close.mutate(f.feedbackId, { onSuccess: () => toast('success', '已关闭') })}
            />
          </Space>
        ),
    },
  ]

  return (
    <Card title="反馈处理">
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="状态"
          value={filters.status}
          onChange={(status?: FeedbackStatus) => {
            setPage((p) => ({ ...p, pageNum: 1 }))
            setFilters((f) => ({ ...f, status }))
          }}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: FEEDBACK_STATUS_LABELS[s] }))}
          style={{ width: 120 }}
        />
        <Select
          allowClear
          placeholder="反馈类型"
          value={filters.feedbackType}
          onChange={(feedbackType?: string) => {
            setPage((p) => ({ ...p, pageNum: 1 }))
            setFilters((f) => ({ ...f, feedbackType }))
          }}
          options={(types.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
          style={{ width: 140 }}
        />
      </Space>
      <QueryTable<StaffFeedback>
        list={list}
        errorTitle="反馈加载失败"
        rowKey="feedbackId"
        columns={columns}
        paging={(total) =>
          pagination(page, total, (pageNum, pageSize) => setPage({ pageNum, pageSize }), { sizes: false })
        }
      />
      <ReplyDialog feedback={replying} onClose={() => setReplying(null)} />
    </Card>
  )
}
