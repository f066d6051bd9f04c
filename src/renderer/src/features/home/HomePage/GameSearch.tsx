/**
 * The hero's search: games as the text is typed (name, English name or initial); Enter or 搜索 opens
 * a named game's list, other words search every listing (game-search.ts: homeSearchTarget).
 *
 * The server renders (and the browser hydrates) a plain antd Input (BareInput); the AutoComplete with the game
 * suggestions (GameSearchSuggest) is loaded on the first focus or keystroke and takes its place with
 * the same look, text and focus (docs/ssr.md, "What the first load carries").
 */
import { useState, type ComponentType } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import type { Game } from '@shared/api/game'
import { BareInput } from '@renderer/components/bare-input'
import { gameListPath, homeSearchTarget } from '@renderer/components/game-search'
import { toast } from '@renderer/utils/toast'

const inputProps = {
  size: 'large',
  prefix: <SearchOutlined />,
  placeholder: '搜索游戏或商品，如：原神、王者荣耀 全皮肤',
  'aria-label': '搜索游戏',
} as const

/** What the plain box and the suggesting one share. */
export interface SearchBoxProps {
  text: string
  setText: (text: string) => void
  onSearch: () => void
  inputProps: typeof inputProps
}

/** The suggesting box's props: the shared ones, the games, the pick and whether to take the focus. */
export interface SuggestProps extends SearchBoxProps {
  games: Game[]
  onPick: (game: Game | undefined) => void
  focus: boolean
}

type Suggest = ComponentType<SuggestProps>
let loading: Promise<Suggest> | undefined
const loadSuggest = () => (loading ??= import('./GameSearchSuggest').then((m) => m.default))

export function GameSearch({ games }: { games: Game[] }) {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [suggest, setSuggest] = useState<{ Box: Suggest; focus: boolean }>()
  const wake = () => {
    if (suggest) return
    void loadSuggest().then((Box) => {
      // keep the focus if the plain box still has it when the suggesting one arrives
      const focus = document.activeElement?.getAttribute('aria-label') === inputProps['aria-label']
      setSuggest({ Box, focus })
    })
  }
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
      {suggest ? (
        <suggest.Box
          games={games}
          text={text}
          setText={setText}
          onSearch={search}
          onPick={go}
          focus={suggest.focus}
          inputProps={inputProps}
        />
      ) : (
        <div className="hero-search__input">
          <BareInput
            {...inputProps}
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              wake()
            }}
            onFocus={wake}
            onPressEnter={search}
          />
        </div>
      )}
      <Button type="primary" size="large" className="hero-search__button" onClick={search}>
        搜索
      </Button>
    </div>
  )
}
