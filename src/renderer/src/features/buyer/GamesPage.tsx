/**
 * /buyer/games.html: every game, grouped by the initial of its name (A–Z index), with a search box
 * (Chinese or English name, or a single initial). Each game links to /list.html?gameId=.
 */
import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Breadcrumb, Empty, Input, Skeleton } from 'antd'
import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons'
import type { Game } from '@shared/api/game'
import { gamesQuery, sortGames } from '@renderer/api/game'
import { matchGames } from '@renderer/components/game-search'
import { GameTile } from '@renderer/components/GameTile'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import './buyer.css'

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')
const OTHER = '#'

/** Games by initial, A–Z, names in Chinese order inside a letter; games without a Latin initial go under #. */
export function groupByInitial(games: readonly Game[]): Array<[string, Game[]]> {
  const groups = new Map<string, Game[]>()
  for (const game of games) {
    const initial = (game.initial ?? '').toUpperCase()
    const key = /^[A-Z]$/.test(initial) ? initial : OTHER
    groups.set(key, [...(groups.get(key) ?? []), game])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b)))
    .map(([key, list]) => [key, [...list].sort((x, y) => x.nameCn.localeCompare(y.nameCn, 'zh-Hans-CN'))])
}

export default function GamesPage() {
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const [text, setText] = useState('')
  const shown = useMemo(() => matchGames(games.data ?? [], text), [games.data, text])
  const groups = useMemo(() => groupByInitial(shown), [shown])
  const present = new Set(groups.map(([key]) => key))

  const jump = (letter: string) => {
    document.getElementById(`games-${letter}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  return (
    <div className="page-container buyer-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '游戏列表' }]}
      />
      <section className="panel games-page">
        <div className="panel__head games-page__head">
          <h1 className="panel__title">
            <AppstoreOutlined /> 全部游戏
          </h1>
          <Input
            className="games-page__search"
            allowClear
            prefix={<SearchOutlined />}
            placeholder="输入游戏名称、英文名或首字母"
            aria-label="搜索游戏"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={30}
          />
        </div>
        <nav className="letter-filter games-page__index" aria-label="按首字母跳转">
          {LETTERS.map((letter) => (
            <button
              key={letter}
              type="button"
              className="letter-filter__item"
              disabled={!present.has(letter)}
              onClick={() => jump(letter)}
            >
              {letter}
            </button>
          ))}
        </nav>
        {games.error ? (
          <ErrorAlert error={games.error} fallback="游戏列表加载失败" onRetry={() => void games.refetch()} />
        ) : !games.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : groups.length === 0 ? (
          <Empty description={text.trim() ? `没有找到“${text.trim()}”相关的游戏` : '暂无游戏'} />
        ) : (
          groups.map(([letter, list]) => (
            <section
              key={letter}
              className="games-group"
              id={`games-${letter}`}
              aria-labelledby={`games-${letter}-title`}
            >
              <h2 className="games-group__letter" id={`games-${letter}-title`}>
                {letter}
              </h2>
              <ul className="game-grid">
                {list.map((game) => (
                  <li key={game.gameId}>
                    <GameTile game={game} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </section>
    </div>
  )
}
