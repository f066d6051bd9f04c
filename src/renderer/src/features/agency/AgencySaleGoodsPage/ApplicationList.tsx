/**
 * 我的代售: the caller's applications by state and game, each with its price, the reason of a
 * rejection, the timeline of every transition, and 撤回 while not sold (a listed account is taken
 * down). Everything user-written is shown as text.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Alert, Button, Empty, Popconfirm, Segmented, Select, Skeleton, Tag, Timeline } from 'antd'
import {
  AGENCY_STATUSES,
  AGENCY_STATUS_LABELS,
  type AgencyApplication,
  type AgencyStatus,
} from '@shared/api/agency'
import { agencyGamesQuery, myAgencyQuery, useWithdrawAgency } from '@renderer/api/agency'
import { goodsDetailPath } from '@renderer/api/goods'
import { Pagination } from '@renderer/components/Pagination'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { formatYuan } from '@renderer/utils/money'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { AGENCY_STATUS_COLORS } from '../centre'

const WITHDRAWABLE: readonly AgencyStatus[] = ['PENDING', 'VERIFYING', 'LISTED']

function ApplicationCard({ app }: { app: AgencyApplication }) {
  const withdraw = useWithdrawAgency()
  return (
    <article className="agency-card" aria-label={app.title}>
      <header className="agency-card__head">
        <Tag color={AGENCY_STATUS_COLORS[app.status]}>{AGENCY_STATUS_LABELS[app.status]}</Tag>
        <strong className="agency-card__title">{app.title}</strong>
        <span className="agency-card__game">{app.gameName}</span>
      </header>
      <div className="agency-card__meta">
        <span>期望售价 {formatYuan(app.askingPrice)}</span>
        {app.negotiable ? <span>可议价，最低 {formatYuan(app.floorPrice)}</span> : <span>不议价</span>}
        {app.listedPrice !== null ? <span>上架价格 {formatYuan(app.listedPrice)}</span> : null}
        {app.goodsId !== null && app.status === 'LISTED' ? (
          <Link to={goodsDetailPath(app.goodsId)}>查看商品</Link>
        ) : null}
        <span>申请编号 {app.applicationId}</span>
      </div>
      {app.status === 'REJECTED' ? (
        <Alert type="error" showIcon title={`驳回原因：${app.rejectReason}`} />
      ) : null}
      <Timeline
        className="agency-card__timeline"
        items={app.timeline.map((e) => ({
          content: (
            <span>
              <span className="agency-card__time">{parseTime(e.createdAt)}</span> {e.label}
              {e.detail ? `：${e.detail}` : ''}
            </span>
          ),
        }))}
      />
      {WITHDRAWABLE.includes(app.status) ? (
        <Popconfirm
          title="确定撤回该代售申请吗？"
          description={app.status === 'LISTED' ? '撤回后商品将立即下架' : undefined}
          onConfirm={() =>
            withdraw.mutate(app.applicationId, { onSuccess: () => toast('success', '已撤回') })
          }
        >
          <Button size="small" danger loading={withdraw.isPending}>
            撤回申请
          </Button>
        </Popconfirm>
      ) : null}
    </article>
  )
}

export function ApplicationList() {
  const [status, setStatus] = useState<AgencyStatus | 'ALL'>('ALL')
  const [gameId, setGameId] = useState<number | undefined>()
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 })
  const games = useQuery(agencyGamesQuery())
  const list = useQuery(
    myAgencyQuery({ ...page, ...(status === 'ALL' ? {} : { status }), ...(gameId ? { gameId } : {}) }),
  )
  return (
    <div className="agency-list">
      <div className="agency-list__filters">
        <Segmented
          aria-label="申请状态"
          value={status}
          onChange={(v) => {
            setStatus(v as AgencyStatus | 'ALL')
            setPage((p) => ({ ...p, pageNum: 1 }))
          }}
          options={[
            { value: 'ALL', label: '全部' },
            ...AGENCY_STATUSES.map((s) => ({ value: s, label: AGENCY_STATUS_LABELS[s] })),
          ]}
        />
        <Select
          allowClear
          placeholder="全部游戏"
          aria-label="游戏"
          style={{ minWidth: 160 }}
          value={gameId}
          onChange={(v?: number) => setGameId(v)}
          options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
        />
      </div>
      {list.error ? (
        <ErrorAlert error={list.error} fallback="代售申请加载失败" onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active />
      ) : list.data.rows.length === 0 ? (
        <Empty description="还没有代售申请" />
      ) : (
        list.data.rows.map((app) => <ApplicationCard key={app.applicationId} app={app} />)
      )}
      <Pagination
        total={list.data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
      />
    </div>
  )
}
