/** One AI work as a tile: the picture at its own ratio (masonry), the prompt, author and counts. */
import type { ReactNode } from 'react'
import { Tag } from 'antd'
import { HeartFilled, StarFilled } from '@ant-design/icons'
import type { AiWork } from '@shared/api/ai'

export function WorkCard(props: {
  work: AiWork
  onOpen?: () => void
  footer?: ReactNode
  showState?: boolean
}) {
  const { work, onOpen, footer, showState } = props
  return (
    <article className="ai-card" data-testid="ai-work" data-work-id={work.workId}>
      <button
        type="button"
        className="ai-card__image"
        onClick={onOpen}
        aria-label={`查看作品：${work.prompt}`}
      >
        <img
          src={work.thumbUrl}
          alt={work.prompt}
          loading="lazy"
          style={{ aspectRatio: `${work.width} / ${work.height}` }}
        />
      </button>
      <div className="ai-card__body">
        <p className="ai-card__prompt" title={work.prompt}>
          {work.prompt}
        </p>
        <div className="ai-card__meta">
          <span>{work.authorName}</span>
          <span className="ai-card__counts">
            <HeartFilled /> {work.likeCount} <StarFilled /> {work.favouriteCount}
          </span>
        </div>
        {showState ? (
          <div className="ai-card__state">
            {work.hidden ? (
              <Tag color="red">已被平台隐藏</Tag>
            ) : work.published ? (
              <Tag color="green">已发布到画廊</Tag>
            ) : (
              <Tag>仅自己可见</Tag>
            )}
            <Tag>{work.styleLabel}</Tag>
          </div>
        ) : null}
        {showState && work.hidden && work.hiddenReason ? (
          <p className="ai-card__reason">隐藏原因：{work.hiddenReason}</p>
        ) : null}
        {footer ? <div className="ai-card__footer">{footer}</div> : null}
      </div>
    </article>
  )
}
