/**
 * The hero search box with its game suggestions (antd AutoComplete). Loaded on the first focus or
 * keystroke in the plain box GameSearch renders first, so the AutoComplete code stays out of the
 * first load of `/` (docs/ssr.md, "What the first load carries").
 */
import { useEffect, useMemo, useRef } from 'react'
import { AutoComplete, Input, type InputRef } from 'antd'
import { matchGames } from '@renderer/components/game-search'
import { GameIcon } from '@renderer/components/GameTile'
import type { SuggestProps } from './GameSearch'

export default function GameSearchSuggest({
  games,
  text,
  setText,
  onSearch,
  onPick,
  focus,
  inputProps,
}: SuggestProps) {
  const input = useRef<InputRef>(null)
  // the plain box had the focus: the user keeps typing here, caret at the end
  useEffect(() => {
    if (focus) input.current?.focus({ cursor: 'end' })
  }, [focus])
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
  return (
    <AutoComplete
      className="hero-search__input"
      options={options}
      value={text}
      onChange={(value: string) => setText(value)}
      onSelect={(value: string) => {
        const game = games.find((g) => String(g.gameId) === value)
        if (game) setText(game.nameCn)
        onPick(game)
      }}
      popupMatchSelectWidth
      // what was typed before this box arrived gets its suggestions at once
      defaultOpen={focus && text !== ''}
    >
      <Input ref={input} {...inputProps} onPressEnter={onSearch} />
    </AutoComplete>
  )
}
