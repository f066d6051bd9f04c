/**
 * The hero's search: games as the text is typed (name, English name or initial); Enter or 搜索 opens
 * a named game's list, other words search every listing (game-search.ts: homeSearchTarget).
 */
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { AutoComplete, Button, Input } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import type { Game } from '@shared/api/game'
import { gameListPath, homeSearchTarget, matchGames } from '@renderer/components/game-search'
import { GameIcon } from '@renderer/components/GameTile'
import { toast } from '@renderer/utils/toast'

export function GameSearch({ games }: { games: Game[] }) {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const options = useMemo(
    () =>
      matchGames(games, text)
        .slice(0, 8)
        .map((game) => ({
          value: String(game.gameId),
          label: (
            <span className="search-option">
              <GameIcon game={game} size={24} />
              <span>{game.nameCn}</span>
              <span className="search-option__en">{game.nameEn}</span>
            </span>
          ),
        })),
    [games, text],
  )
  const go = (game: Game | undefined) => {
    if (game) void navigate(gameListPath(game.gameId))
  }
  // Enter or the button: a named game opens its list, other words search every listing
  const search = () => {
    const target = homeSearchTarget(games, text)
    if (target) void navigate(target)
    else toast('info', '请输入游戏名称或商品关键词')
  }
  return (
    <div className="hero-search" role="search">
      <AutoComplete
        className="hero-search__input"
        options={options}
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={(value: string) => {
          const game = games.find((g) => String(g.gameId) === value)
          if (game) setText(game.nameCn)
          go(game)
        }}
        popupMatchSelectWidth
      >
        <Input
          size="large"
          prefix={<SearchOutlined />}
          placeholder="搜索游戏或商品，如：原神、王者荣耀 全皮肤"
          aria-label="搜索游戏"
          onPressEnter={search}
        />
      </AutoComplete>
      <Button type="primary" size="large" className="hero-search__button" onClick={search}>
        搜索
      </Button>
    </div>
  )
}
