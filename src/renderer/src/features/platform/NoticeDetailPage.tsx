/**
 * /platform/noticeDetail/{id}.html: title, date and the content — plain text as paragraphs (blank
 * lines separate them), or the server-sanitised HTML of a notice written in the console (NoticeContent).
 */
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useParams } from 'react-router-dom'
import { Breadcrumb, Button, Result, Skeleton } from 'antd'
import { noticeQuery, NOTICE_TYPE_LABELS } from '@renderer/api/notice'
import { NoticeContent } from '@renderer/components/NoticeContent'
import { ApiError } from '@renderer/api/http'
import { idFromHtmlSegment, NOT_FOUND_PATH } from '@renderer/app/route-table'
import { pageTitle } from '@renderer/app/seo'
import { parseTime } from '@renderer/utils/time'
import './notice.css'

export default function NoticeDetailPage() {
  const { file } = useParams()
  const noticeId = idFromHtmlSegment(file)
  const query = useQuery({ ...noticeQuery(noticeId ?? 0), enabled: noticeId !== null })
  const notice = query.data
  useEffect(() => {
    if (notice) document.title = pageTitle(notice.title)
  }, [notice])
  const state = query.isPending
    ? ({ status: 'loading' } as const)
    : notice
      ? ({ status: 'ready', notice } as const)
      : ({
          status: 'error',
          message:
            query.error instanceof ApiError && query.error.code === 404
              ? '该公告不存在或已下线'
              : '公告加载失败，请稍后刷新重试',
        } as const)

  if (!noticeId) return <Navigate to={NOT_FOUND_PATH} replace />

  const typeLabel = notice ? NOTICE_TYPE_LABELS[notice.noticeType] : undefined

  return (
    <div className="page-container notice-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to="/">首页</Link> },
          {
            title: (
              <Link
                to={
                  notice
                    ? `/platform/noticeList.html?noticeType=${notice.noticeType}`
                    : '/platform/noticeList.html'
                }
              >
                {typeLabel ?? '帮助与公告'}
              </Link>
            ),
          },
          { title: notice?.title ?? '公告详情' },
        ]}
      />
      <article className="panel notice-detail">
        {state.status === 'loading' ? (
          <Skeleton active title paragraph={{ rows: 10 }} />
        ) : state.status === 'error' ? (
          <Result
            status="warning"
            title={state.message}
            extra={
              <Link to="/platform/noticeList.html">
                <Button type="primary">查看全部公告</Button>
              </Link>
            }
          />
        ) : (
          <>
            <header className="notice-detail__header">
              <h1>{state.notice.title}</h1>
              <p className="notice-detail__meta">
                {typeLabel ? <span>{typeLabel}</span> : null}
                <time>发布时间：{parseTime(state.notice.createdAt)}</time>
                {state.notice.updatedAt && state.notice.updatedAt !== state.notice.createdAt ? (
                  <time>更新时间：{parseTime(state.notice.updatedAt)}</time>
                ) : null}
              </p>
            </header>
            <NoticeContent notice={state.notice} />
          </>
        )}
      </article>
    </div>
  )
}
