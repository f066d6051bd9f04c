/**
 * /ai/my.html: my drawing folder — my works (publish to / withdraw from the gallery, avatar, cover,
 * download the original, delete; a hidden work shows why) and my jobs with their live state.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Empty, Tabs } from 'antd'
import { aiJobsQuery, aiMyWorksQuery } from '@renderer/api/ai'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { Pagination } from '@renderer/components/Pagination'
import { AiNav } from './AiNav'
import { JobCard } from './JobCard'
import { WorkActions } from './WorkActions'
import { WorkCard } from './WorkCard'
import { WorkDetail } from './WorkDetail'

const PAGE_SIZE = 20

function Works({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1)
  const works = useQuery(aiMyWorksQuery({ pageNum: page, pageSize: PAGE_SIZE }))
  if (works.error)
    return <ErrorAlert error={works.error} fallback="作品加载失败" onRetry={() => void works.refetch()} />
  if (works.data && works.data.total === 0) return <Empty description="还没有作品，去创作第一张吧" />
  return (
    <>
      <div className="ai-masonry">
        {works.data?.rows.map((w) => (
          <WorkCard
            key={w.workId}
            work={w}
            showState
            onOpen={() => onOpen(w.workId)}
            footer={<WorkActions work={w} />}
          />
        ))}
      </div>
      <Pagination total={works.data?.total ?? 0} page={page} limit={PAGE_SIZE} onChange={(p) => setPage(p)} />
    </>
  )
}

function Jobs({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1)
  const jobs = useQuery({
    ...aiJobsQuery({ pageNum: page, pageSize: 10 }),
    refetchInterval: (q) =>
      q.state.data?.rows.some((j) => j.status === 'queued' || j.status === 'running') ? 5000 : false,
  })
  if (jobs.error)
    return <ErrorAlert error={jobs.error} fallback="任务加载失败" onRetry={() => void jobs.refetch()} />
  if (jobs.data && jobs.data.total === 0) return <Empty description="还没有任务" />
  return (
    <>
      {jobs.data?.rows.map((job) => (
        <JobCard key={job.jobId} job={job} onOpen={onOpen} />
      ))}
      <Pagination total={jobs.data?.total ?? 0} page={page} limit={10} onChange={(p) => setPage(p)} />
    </>
  )
}

export default function AiMyPage() {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <>
      <AiNav />
      <div className="page-container">
        <section className="panel">
          <div className="panel__head">
            <h1 className="panel__title">我的绘画</h1>
          </div>
          <Tabs
            items={[
              { key: 'works', label: '我的作品', children: <Works onOpen={setOpen} /> },
              { key: 'jobs', label: '生成任务', children: <Jobs onOpen={setOpen} /> },
            ]}
          />
        </section>
      </div>
      <WorkDetail workId={open} onClose={() => setOpen(null)} />
    </>
  )
}
