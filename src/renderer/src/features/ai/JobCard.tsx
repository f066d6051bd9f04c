/** One job with its live state: progress while queued or running, then its pictures with actions. */
import { Button, Progress, Tag } from 'antd'
import { AI_JOB_STATUS_LABELS, AI_SIZES, type AiJob } from '@shared/api/ai'
import { useCancelAiJob } from '@renderer/api/ai'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { WorkActions } from './WorkActions'
import { WorkCard } from './WorkCard'

const STATUS_COLOURS: Record<AiJob['status'], string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
}

export function JobCard({ job, onOpen }: { job: AiJob; onOpen: (workId: number) => void }) {
  const cancel = useCancelAiJob()
  const active = job.status === 'queued' || job.status === 'running'
  return (
    <section className="ai-job" data-testid="ai-job" data-status={job.status}>
      <div className="ai-job__head">
        <span className="ai-job__prompt" title={job.prompt}>
          {job.prompt}
        </span>
        <span>
          <Tag color={STATUS_COLOURS[job.status]}>{AI_JOB_STATUS_LABELS[job.status]}</Tag>
          {active ? (
            <Button
              size="small"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(job.jobId, { onSuccess: () => toast('success', '已取消') })}
            >
              取消
            </Button>
          ) : null}
        </span>
      </div>
      <div className="ai-quota">
        {AI_SIZES[job.size].label} · {job.count} 张 · 种子 {job.seed} ·{' '}
        {parseTime(job.createdAt, 'MM-DD HH:mm')}
      </div>
      {active ? (
        <Progress
          percent={job.progress}
          status="active"
          aria-label="生成进度"
          format={(p) => (job.status === 'queued' && !p ? '排队中' : `${p}%`)}
        />
      ) : null}
      {job.status === 'failed' && job.error ? <div className="ai-card__reason">{job.error}</div> : null}
      {job.works.length > 0 ? (
        <div className="ai-job__works">
          {job.works.map((w) => (
            <WorkCard
              key={w.workId}
              work={w}
              onOpen={() => onOpen(w.workId)}
              footer={<WorkActions work={w} />}
            />
          ))}
        </div>
      ) : null}
    </section>
  )
}
