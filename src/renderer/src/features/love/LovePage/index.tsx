/**
 * /love.html 公会助力 (docs/platform-pages.md): the activity (title, window, countdown, rules,
 * prizes) and the guild leaderboard with support buttons. Public and server-rendered (docs/ssr.md):
 * the board is in the HTML; the user's own supports load after hydration when logged in. The board
 * is polled every 5 s and refreshed at once after the user's support. Each button is disabled with
 * its reason: not logged in, no real name, already supported today, the day's quota used.
 */
import { useCallback, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router-dom'
import { Alert, Breadcrumb, Result, Skeleton, Tag } from 'antd'
import { LOVE_STATUS_LABELS } from '@shared/api/love'
import { loveBoardQuery, loveMineQuery, useSupportGuild } from '@renderer/api/love'
import { noticeParagraphs } from '@renderer/api/notice'
import { useSessionStore } from '@renderer/stores/session'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import { toast } from '@renderer/utils/toast'
import { Countdown } from './Countdown'
import { GuildBoard } from './GuildBoard'
import { chinaTime } from './time'
import './love.css'

const STATUS_COLORS = { UPCOMING: 'blue', RUNNING: 'green', ENDED: 'default' } as const

export default function LovePage() {
  const location = useLocation()
  const board = useQuery(loveBoardQuery())
  const loggedIn = Boolean(useSessionStore((s) => s.token))
  const activity = board.data?.activity ?? null
  const running = activity?.status === 'RUNNING'
  const mine = useQuery(loveMineQuery(activity?.activityId ?? 0, loggedIn && running))
  const support = useSupportGuild()
  const [pending, setPending] = useState<number | null>(null)
  const refetch = board.refetch
  const onReached = useCallback(() => void refetch(), [refetch])

  const onSupport = (guildId: number) => {
    setPending(guildId)
    support.mutate(guildId, {
      onSuccess: (r) => toast('success', `助力成功！今日已助力 ${r.usedToday}/${r.perDay} 次`),
      onSettled: () => setPending(null),
    })
  }

  const crumbs = (
    <Breadcrumb
      className="page-breadcrumb"
      items={[{ title: <Link to="/">首页</Link> }, { title: '公会助力' }]}
    />
  )
  if (board.isPending)
    return (
      <div className="page-container love-page">
        {crumbs}
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    )
  if (board.isError || !board.data)
    return (
      <div className="page-container love-page">
        {crumbs}
        <Result status="warning" title="活动加载失败" subTitle="请稍后刷新页面重试" />
      </div>
    )
  if (!activity)
    return (
      <div className="page-container love-page">
        {crumbs}
        <Result status="info" title="暂无公会助力活动" subTitle="敬请期待下一期活动" />
      </div>
    )

  const { serverNow, perDay } = board.data
  const me = mine.data
  return (
    <div className="page-container love-page">
      {crumbs}
      <header className="panel love-hero">
        <div className="love-hero__title">
          <h1>{activity.title}</h1>
          <Tag color={STATUS_COLORS[activity.status]}>{LOVE_STATUS_LABELS[activity.status]}</Tag>
        </div>
        <p className="love-hero__time">
          活动时间：{chinaTime(activity.startAt)} 至 {chinaTime(activity.endAt)}（北京时间）
        </p>
        {activity.status === 'RUNNING' ? (
          <Countdown
            target={activity.endAt}
            serverNow={serverNow}
            label="距活动结束："
            onReached={onReached}
          />
        ) : activity.status === 'UPCOMING' ? (
          <Countdown
            target={activity.startAt}
            serverNow={serverNow}
            label="距活动开始："
            onReached={onReached}
          />
        ) : (
          <p className="love-hero__ended">活动已结束，以下为最终排名。</p>
        )}
      </header>

      {activity.status === 'UPCOMING' ? (
        <Alert
          className="love-hint"
          type="info"
          showIcon
          title={`下一期活动将于 ${chinaTime(activity.startAt)} 开始，届时即可为喜欢的公会助力。`}
        />
      ) : null}
      {running && !loggedIn ? (
        <Alert
          className="love-hint"
          type="info"
          showIcon
          title={
            <span>
              <Link to={loginPathWithRedirect(location.pathname + location.search)}>登录</Link>
              并完成实名认证后，每天可助力 {perDay} 次，同一公会每天限助力 1 次。
            </span>
          }
        />
      ) : null}
      {running && me && !me.verified ? (
        <Alert
          className="love-hint"
          type="warning"
          showIcon
          title={
            <span>
              为防止刷票，仅限实名用户助力。<Link to="/user/userCert.html">去实名认证</Link>
            </span>
          }
        />
      ) : null}
      {running && me?.verified ? (
        <Alert
          className="love-hint"
          type={me.usedToday >= me.perDay ? 'warning' : 'success'}
          showIcon
          title={
            me.usedToday >= me.perDay
              ? `今日 ${me.perDay} 次助力已用完，明天再来吧！`
              : `今日还可助力 ${me.perDay - me.usedToday} 次（共 ${me.perDay} 次），同一公会每天限 1 次。`
          }
        />
      ) : null}

      <div className="love-layout">
        <section className="panel love-board-panel" aria-labelledby="love-board-title">
          <h2 id="love-board-title">{activity.status === 'ENDED' ? '最终排名' : '实时排行榜'}</h2>
          <GuildBoard
            guilds={board.data.guilds}
            status={activity.status}
            loggedIn={loggedIn}
            mine={me}
            pendingGuildId={pending}
            onSupport={onSupport}
          />
        </section>
        <aside className="love-side">
          {activity.prizes.length > 0 ? (
            <section className="panel love-prizes" aria-labelledby="love-prizes-title">
              <h2 id="love-prizes-title">活动奖品</h2>
              <ul>
                {activity.prizes.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="panel love-rules" aria-labelledby="love-rules-title">
            <h2 id="love-rules-title">活动规则</h2>
            {noticeParagraphs(activity.rules).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        </aside>
      </div>
    </div>
  )
}
