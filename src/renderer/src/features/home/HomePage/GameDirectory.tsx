/** Every game as tiles: hot games first (the default tab), all of them, or those of one initial. */
import { useMemo, useState } from 'react'
import { Empty, Skeleton } from 'antd'
import type { Game } from '@shared/api/game'
import { initialsOf } from '@renderer/components/game-search'
import { GameTile } from '@renderer/components/GameTile'

const HOT = 'HOT'
const ALL = 'ALL'

export function GameDirectory({ games, failed }: { games: Game[] | null; failed: boolean }) {
  const [filter, setFilter] = useState<string>(HOT)
  const letters = useMemo(() => initialsOf(games ?? []), [games])
  const hasHot = (games ?? []).some((g) => g.hot)
  const active = filter === HOT && !hasHot ? ALL : filter
  const shown = (games ?? []).filter((g) =>
    active === ALL ? true : active === HOT ? g.hot : (g.initial ?? '').toUpperCase() === active,
  )
  return (
    <section className="panel game-directory" aria-labelledby="game-directory-title">
      <div className="panel__head">
        <h2 className="panel__title" id="game-directory-title">
          选择游戏
        </h2>
        <span className="panel__extra">{games ? `共 ${games.length} 款游戏` : null}</span>
      </div>
      <div className="letter-filter" role="tablist" aria-label="按首字母筛选">
        {[...(hasHot ? [HOT] : []), ALL, ...letters].map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={active === key}
            className={`letter-filter__item ${active === key ? 'is-active' : ''}`}
            onClick={() => setFilter(key)}
          >
            {key === HOT ? '热门' : key === ALL ? '全部' : key}
          </button>
        ))}
      </div>
      {games === null && !failed ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : failed ? (
        <Empty description="游戏列表加载失败，请稍后刷新重试" />
      ) : shown.length === 0 ? (
        <Empty description="暂无游戏" />
      ) : (
        <ul className="game-grid">
          {shown.map((game) => (
            <li key={game.gameId}>
              <GameTile game={game} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
