/**
 * /ai/aiDraw.html: create. The form on the left; on the right the user's recent jobs with live
 * progress (the `ai-job` live events refresh them), then their pictures with "set as avatar" and
 * "use as listing cover".
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Empty } from 'antd'
import { aiJobsQuery, aiOptionsQuery } from '@renderer/api/ai'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { PageLoading } from '@renderer/components/PageLoading'
import { AI_PATHS, AiNav } from '../AiNav'
import { JobCard } from '../JobCard'
import { WorkDetail } from '../WorkDetail'
import { CreateForm } from './CreateForm'

const RECENT = { pageNum: 1, pageSize: 5 }

export default function AiCreatePage() {
  const options = useQuery(aiOptionsQuery(true))
  const jobs = useQuery({
    ...aiJobsQuery(RECENT),
    // live events move the jobs on; a slow poll covers a dropped stream while one is active
    refetchInterval: (q) =>
      q.state.data?.rows.some((j) => j.status === 'queued' || j.status === 'running') ? 5000 : false,
  })
  const [open, setOpen] = useState<number | null>(null)

  return (
    <>
      <AiNav />
      <div className="page-container">
        {options.error ? (
          <ErrorAlert error={options.error} fallback="加载失败" onRetry={() => void options.refetch()} />
        ) : !options.data ? (
          <PageLoading />
        ) : (
          <div className="ai-create">
            <section className="panel">
              <div className="panel__head">
                <h1 className="panel__title">AI 绘画创作</h1>
              </div>
              {!options.data.provider ? (
                <Alert
                  type="warning"
                  showIcon
                  title="AI 绘画服务暂未开放，请稍后再试"
                  style={{ marginBottom: 16 }}
                />
              ) : options.data.provider.sandbox ? (
                <Alert
                  type="info"
                  showIcon
                  title="当前为沙箱模式：图片由本机按描述和种子生成，用于演示和测试，并非真实 AI 作画。"
                  style={{ marginBottom: 16 }}
                />
              ) : null}
              <CreateForm options={options.data} />
            </section>
            <section className="panel">
              <div className="panel__head">
                <h2 className="panel__title">最近的任务</h2>
                <Link to={AI_PATHS.my} className="panel__extra">
                  全部作品 ›
                </Link>
              </div>
              {jobs.data && jobs.data.rows.length === 0 ? (
                <Empty description="还没有任务，写下描述开始第一张吧" />
              ) : (
                jobs.data?.rows.map((job) => <JobCard key={job.jobId} job={job} onOpen={setOpen} />)
              )}
            </section>
          </div>
        )}
      </div>
      <WorkDetail workId={open} onClose={() => setOpen(null)} />
    </>
  )
}
