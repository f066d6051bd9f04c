/** The caller's feedback with its status and the staff replies (plain text), newest first. */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Empty, Image, Skeleton, Tag } from 'antd'
import { FEEDBACK_STATUS_LABELS, type FeedbackStatus } from '@shared/api/feedback'
import { myFeedbackQuery } from '@renderer/api/feedback'
import { imageSrc } from '@renderer/api/goods'
import { Pagination } from '@renderer/components/Pagination'
import { parseTime } from '@renderer/utils/time'

const STATUS_COLORS: Record<FeedbackStatus, string> = {
  PENDING: 'orange',
  REPLIED: 'green',
  CLOSED: 'default',
}
const PAGE_SIZE = 5

export function MyFeedbackList() {
  const [page, setPage] = useState(1)
  const { data, isPending, isError } = useQuery(myFeedbackQuery({ pageNum: page, pageSize: PAGE_SIZE }))
  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />
  if (isError) return <Empty description="反馈加载失败，请稍后刷新重试" />
  if (data.rows.length === 0) return <Empty description="您还没有提交过反馈" />
  return (
    <>
      <ul className="feedback-mine" aria-label="我的反馈">
        {data.rows.map((f) => (
          <li key={f.feedbackId} className="feedback-mine__item" data-testid="my-feedback">
            <div className="feedback-mine__meta">
              <Tag>{f.typeLabel}</Tag>
              <Tag color={STATUS_COLORS[f.status]}>{FEEDBACK_STATUS_LABELS[f.status]}</Tag>
              <span className="feedback-mine__time">{parseTime(f.createdAt)}</span>
            </div>
            <p className="feedback-mine__content">{f.content}</p>
            {f.images.length > 0 ? (
              <Image.PreviewGroup>
                <div className="feedback-mine__images">
                  {f.images.map((img) => (
                    <Image
                      key={img.imageId}
                      width={64}
                      height={48}
                      src={imageSrc(img.thumbUrl)}
                      preview={{ src: imageSrc(img.url) }}
                      alt="反馈截图"
                    />
                  ))}
                </div>
              </Image.PreviewGroup>
            ) : null}
            {f.replies.map((r, i) => (
              <div key={i} className="feedback-mine__reply">
                <span className="feedback-mine__reply-label">客服回复（{parseTime(r.createdAt)}）：</span>
                {r.content}
              </div>
            ))}
          </li>
        ))}
      </ul>
      <Pagination total={data.total} page={page} limit={PAGE_SIZE} onChange={(p) => setPage(p)} />
    </>
  )
}
