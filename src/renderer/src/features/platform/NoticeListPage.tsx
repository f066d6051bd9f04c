/**
 * /platform/noticeList.html?noticeType=: tabs by notice type, a paginated list (page 1, 20 a page)
 * of titles and dates, each linking to its detail page.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { Breadcrumb, Empty, Skeleton, Tabs } from 'antd'
import { RightOutlined } from '@ant-design/icons'
import { PAGINATION } from '@shared/constants'
import type { NoticeType } from '@shared/api/notice'
import { noticeDetailPath } from '@shared/help-links'
import { isNoticeType, noticeListQuery, NOTICE_TYPE_LABELS } from '@renderer/api/notice'
import { Pagination } from '@renderer/components/Pagination'
import { parseTime } from '@renderer/utils/time'
import './notice.css'

const ALL = 'ALL'
const TAB_ORDER: NoticeType[] = ['ANNOUNCEMENT', 'NOTICE', 'GUIDE', 'AGREEMENT']

export default function NoticeListPage() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('noticeType')
  const noticeType = isNoticeType(raw) ? raw : undefined
  const [page, setPage] = useState<number>(PAGINATION.page)
  const [limit, setLimit] = useState<number>(PAGINATION.limit)
  const { data, isError, isPending } = useQuery(
    noticeListQuery({ noticeType, pageNum: page, pageSize: limit }),
  )
  const rows = data?.rows ?? []
  const total = data?.total ?? 0

  const heading = noticeType ? NOTICE_TYPE_LABELS[noticeType] : '全部公告'

  return (
    <div className="page-container notice-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '帮助与公告' }, { title: heading }]}
      />
      <div className="panel notice-list">
        <h1 className="page-title">帮助与公告</h1>
        <Tabs
          activeKey={noticeType ?? ALL}
          onChange={(key) => {
            // a new tab starts at page 1
            setPage(PAGINATION.page)
            setParams(key === ALL ? {} : { noticeType: key })
          }}
          items={[
            { key: ALL, label: '全部' },
            ...TAB_ORDER.map((type) => ({ key: type, label: NOTICE_TYPE_LABELS[type] })),
          ]}
        />
        {isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : isError ? (
          <Empty description="公告加载失败，请稍后刷新重试" />
        ) : rows.length === 0 ? (
          <Empty description="暂无公告" />
        ) : (
          <ul className="notice-list__items">
            {rows.map((notice) => (
              <li key={notice.noticeId}>
                <Link to={noticeDetailPath(notice.noticeId)} className="notice-list__item">
                  <span className={`notice-tag notice-tag--${notice.noticeType}`}>
                    {NOTICE_TYPE_LABELS[notice.noticeType] ?? '公告'}
                  </span>
                  <span className="notice-list__title">{notice.title}</span>
                  <time className="notice-list__date">{parseTime(notice.createdAt, 'YYYY-MM-DD')}</time>
                  <RightOutlined className="notice-list__arrow" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          total={total}
          page={page}
          limit={limit}
          onChange={(nextPage, nextLimit) => {
            setPage(nextPage)
            setLimit(nextLimit)
          }}
        />
      </div>
    </div>
  )
}
