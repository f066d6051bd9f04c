/** /ai/myCollect.html: the works I favourited; unfavourite in place. */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty } from 'antd'
import { aiFavouritesQuery, useFavouriteAiWork } from '@renderer/api/ai'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { Pagination } from '@renderer/components/Pagination'
import { toast } from '@renderer/utils/toast'
import { AiNav } from './AiNav'
import { WorkCard } from './WorkCard'
import { WorkDetail } from './WorkDetail'

const PAGE_SIZE = 20

export default function AiFavouritesPage() {
  const [page, setPage] = useState(1)
  const [open, setOpen] = useState<number | null>(null)
  const list = useQuery(aiFavouritesQuery({ pageNum: page, pageSize: PAGE_SIZE }))
  const favourite = useFavouriteAiWork()
  return (
    <>
      <AiNav />
      <div className="page-container">
        <section className="panel">
          <div className="panel__head">
            <h1 className="panel__title">我的收藏</h1>
            <span className="panel__extra">{list.data ? `共 ${list.data.total} 张` : null}</span>
          </div>
          {list.error ? (
            <ErrorAlert error={list.error} fallback="收藏加载失败" onRetry={() => void list.refetch()} />
          ) : list.data && list.data.total === 0 ? (
            <Empty description="还没有收藏的作品，去画廊看看吧" />
          ) : (
            <div className="ai-masonry">
              {list.data?.rows.map((w) => (
                <WorkCard
                  key={w.workId}
                  work={w}
                  onOpen={() => setOpen(w.workId)}
                  footer={
                    <Button
                      type="link"
                      size="small"
                      loading={favourite.isPending && favourite.variables.workId === w.workId}
                      onClick={() =>
                        favourite.mutate(
                          { workId: w.workId, on: false },
                          {
                            onSuccess: () => {
                              toast('success', '已取消收藏')
                              if (list.data?.rows.length === 1 && page > 1) setPage(page - 1)
                            },
                          },
                        )
                      }
                    >
                      取消收藏
                    </Button>
                  }
                />
              ))}
            </div>
          )}
          <Pagination
            total={list.data?.total ?? 0}
            page={page}
            limit={PAGE_SIZE}
            onChange={(p) => setPage(p)}
          />
        </section>
      </div>
      <WorkDetail workId={open} onClose={() => setOpen(null)} />
    </>
  )
}
