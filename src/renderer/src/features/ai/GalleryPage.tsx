/**
 * /ai/aiDrawList.html: the public gallery — a masonry grid loaded page after page as the user
 * scrolls (infinite scroll), newest or most liked, one style or all; a click opens the detail.
 */
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Empty, Segmented, Select } from 'antd'
import { aiGalleryQuery, aiOptionsQuery } from '@renderer/api/ai'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { AiNav } from './AiNav'
import { WorkCard } from './WorkCard'
import { WorkDetail } from './WorkDetail'

export default function AiGalleryPage() {
  const [params, setParams] = useSearchParams()
  const sort = params.get('sort') === 'hot' ? 'hot' : 'new'
  const style = params.get('style') ?? ''
  const options = useQuery(aiOptionsQuery(false))
  const gallery = useInfiniteQuery(aiGalleryQuery({ sort, ...(style ? { style } : {}) }))
  const [open, setOpen] = useState<number | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery

  useEffect(() => {
    const node = sentinel.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const works = gallery.data?.pages.flatMap((p) => p.rows) ?? []

  return (
    <>
      <AiNav />
      <div className="page-container">
        <div className="ai-toolbar">
          <h1 className="panel__title">AI 画廊</h1>
          <span>
            <Segmented
              value={sort}
              onChange={(v) => set('sort', v === 'hot' ? 'hot' : '')}
              options={[
                { label: '最新', value: 'new' },
                { label: '最多点赞', value: 'hot' },
              ]}
            />{' '}
            <Select
              aria-label="画风"
              value={style}
              onChange={(v: string) => set('style', v)}
              style={{ width: 140 }}
              options={[
                { label: '全部画风', value: '' },
                ...(options.data?.styles ?? []).map((s) => ({ label: s.label, value: s.value })),
              ]}
            />
          </span>
        </div>
        {gallery.error ? (
          <ErrorAlert error={gallery.error} fallback="画廊加载失败" onRetry={() => void gallery.refetch()} />
        ) : gallery.data && works.length === 0 ? (
          <Empty description="画廊里还没有作品" />
        ) : (
          <div className="ai-masonry">
            {works.map((w) => (
              <WorkCard key={w.workId} work={w} onOpen={() => setOpen(w.workId)} />
            ))}
          </div>
        )}
        <div ref={sentinel} className="ai-more">
          {gallery.isFetching ? (
            '加载中…'
          ) : hasNextPage ? (
            <button type="button" className="topbar__button" onClick={() => void fetchNextPage()}>
              加载更多
            </button>
          ) : works.length > 0 ? (
            '没有更多了'
          ) : null}
        </div>
      </div>
      <WorkDetail workId={open} onClose={() => setOpen(null)} />
    </>
  )
}
