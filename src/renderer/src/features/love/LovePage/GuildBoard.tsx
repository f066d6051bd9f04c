/** The leaderboard: rank, logo, name, game and server, valid supports, and the support button. */
import { Avatar, Button, Empty, Progress, Tooltip } from 'antd'
import type { LoveActivityStatus, LoveGuild, LoveMine } from '@shared/api/love'

/** Why the user cannot support this guild now, or null when they can. */
export function refusal(
  guild: LoveGuild,
  status: LoveActivityStatus,
  loggedIn: boolean,
  mine: LoveMine | undefined,
): string | null {
  if (status === 'UPCOMING') return '活动未开始'
  if (status === 'ENDED') return '活动已结束'
  if (!loggedIn) return '登录后可助力'
  if (!mine) return '加载中'
  if (!mine.verified) return '实名认证后可助力'
  if (mine.supportedGuildIds.includes(guild.guildId)) return '今日已助力'
  if (mine.usedToday >= mine.perDay) return '今日次数已用完'
  return null
}

const buttonText = (reason: string | null) =>
  reason === null ? '助力' : reason === '今日已助力' ? '今日已助力' : '助力'

export function GuildBoard({
  guilds,
  status,
  loggedIn,
  mine,
  pendingGuildId,
  onSupport,
}: {
  guilds: LoveGuild[]
  status: LoveActivityStatus
  loggedIn: boolean
  mine: LoveMine | undefined
  pendingGuildId: number | null
  onSupport: (guildId: number) => void
}) {
  if (guilds.length === 0) return <Empty description="暂无参赛公会" />
  const top = Math.max(1, ...guilds.map((g) => g.supports))
  return (
    <ol className="love-board" aria-label="助力排行榜">
      {guilds.map((g) => {
        const reason = refusal(g, status, loggedIn, mine)
        return (
          <li
            key={g.guildId}
            className={`love-board__row love-board__row--${g.rank <= 3 ? `top${g.rank}` : 'rest'}`}
          >
            <span className="love-board__rank" aria-label={`第 ${g.rank} 名`}>
              {g.rank}
            </span>
            <Avatar shape="square" size={48} src={g.logoUrl ?? undefined} alt={`${g.name}徽标`}>
              {g.name.slice(0, 1)}
            </Avatar>
            <div className="love-board__main">
              <div className="love-board__name">{g.name}</div>
              <div className="love-board__meta">
                {g.gameName} · {g.serverName}
              </div>
              <Progress percent={Math.round((g.supports / top) * 100)} showInfo={false} size="small" />
            </div>
            <div className="love-board__count" aria-label={`${g.name}助力数`}>
              <strong>{g.supports}</strong>
              <span>助力</span>
            </div>
            {status === 'ENDED' ? null : (
              <Tooltip title={reason ?? undefined}>
                <Button
                  type="primary"
                  className="love-board__support"
                  aria-label={`为${g.name}助力`}
                  disabled={reason !== null}
                  loading={pendingGuildId === g.guildId}
                  onClick={() => onSupport(g.guildId)}
                >
                  {buttonText(reason)}
                </Button>
              </Tooltip>
            )}
            {reason && reason !== '今日已助力' && status === 'RUNNING' ? (
              <span className="love-board__reason">{reason}</span>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
