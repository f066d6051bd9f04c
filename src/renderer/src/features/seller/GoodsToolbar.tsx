/** The toolbar over a seller's goods list: one of the games they list in, and a title search. */
import { useQuery } from '@tanstack/react-query'
import { Input, Select } from 'antd'
import { myGamesQuery } from '@renderer/api/game'

export function GoodsToolbar({
  gameId,
  keyword,
  searchLabel,
  onGame,
  onSearch,
}: {
  gameId: number | undefined
  keyword: string | undefined
  /** the search box's accessible name */
  searchLabel: string
  onGame: (gameId: number | undefined) => void
  /** the trimmed title text, undefined when blank */
  onSearch: (keyword: string | undefined) => void
}) {
  const games = useQuery(myGamesQuery())
  return (
    <div className="seller-toolbar">
      <Select<number>
        allowClear
        placeholder="全部游戏"
        aria-label="按游戏筛选"
        className="seller-toolbar__game"
        value={gameId}
        loading={games.isPending}
        onChange={(value) => onGame(value ?? undefined)}
        options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
      />
      <Input.Search
        key={keyword ?? ''}
        defaultValue={keyword}
        allowClear
        placeholder="搜索商品标题"
        aria-label={searchLabel}
        className="seller-toolbar__search"
        maxLength={50}
        onSearch={(text) => onSearch(text.trim() || undefined)}
      />
    </div>
  )
}
