/** The home page's side panels: site announcements and the beginner's guides. */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Empty, Skeleton } from 'antd'
import { NotificationOutlined, RightOutlined, SolutionOutlined } from '@ant-design/icons'
import type { NoticeBrief } from '@shared/api/notice'
import { HELP_LINKS, noticeDetailPath } from '@shared/help-links'
import { noticeListQuery } from '@renderer/api/notice'
import { parseTime } from '@renderer/utils/time'

function useAnnouncements(): NoticeBrief[] | null {
  const { data, isError } = useQuery(noticeListQuery({ noticeType: 'ANNOUNCEMENT', pageNum: 1, pageSize: 7 }))
  return isError ? [] : (data?.rows ?? null)
}

export function Announcements() {
  const rows = useAnnouncements()
  return (
    <section className="panel side-panel" aria-labelledby="announcements-title">
      <div className="panel__head">
        <h2 className="panel__title" id="announcements-title">
          <NotificationOutlined /> 网站公告
        </h2>
        <Link to="/platform/noticeList.html?noticeType=ANNOUNCEMENT" className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      {rows === null ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : rows.length === 0 ? (
        <Empty description="暂无公告" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="side-list">
          {rows.map((notice) => (
            <li key={notice.noticeId}>
              <Link to={noticeDetailPath(notice.noticeId)} className="side-list__link" title={notice.title}>
                {notice.title}
              </Link>
              <time>{parseTime(notice.createdAt, 'MM-DD')}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function Guides() {
  const guides = HELP_LINKS.filter((link) => link.group === '新手入门' || link.group === '买家帮助').slice(
    0,
    6,
  )
  return (
    <section className="panel side-panel" aria-labelledby="guides-title">
      <div className="panel__head">
        <h2 className="panel__title" id="guides-title">
          <SolutionOutlined /> 新手指南
        </h2>
        <Link to="/platform/noticeList.html?noticeType=GUIDE" className="panel__more">
          更多 <RightOutlined />
        </Link>
      </div>
      <ul className="guide-links">
        {guides.map((link) => (
          <li key={link.noticeId}>
            <Link to={noticeDetailPath(link.noticeId)}>{link.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
