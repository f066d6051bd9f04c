/**
 * The list page's keyword box with suggestions (docs/valuation.md, "Suggestions"): as the user types,
 * titles of on-sale listings containing the words — within the chosen game and type — are offered
 * below the box from the second character on (250 ms after the last key). Choosing one searches for
 * it; Enter or the button searches for what was typed, as before. The keyword the page opened with
 * asks for nothing until it is edited: suggestions follow typing, and a box that depended on
 * hydration would draw itself (an AutoComplete, i.e. antd's Select) a second time, synchronously,
 * right after the page hydrated (docs/ssr.md, "Work after hydration").
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { AutoComplete, Button, Input } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { DISCOVER_LIMITS, type SuggestQuery } from '@shared/api/discover'
import type { GoodsType } from '@shared/api/goods'
import { suggestQuery } from '@renderer/api/discover'
import { useDebounced } from './use-debounced'

const DEBOUNCE_MS = 250

export function SuggestKeywordBox({
  value,
  gameId,
  goodsType,
  onSearch,
}: {
  value: string | undefined
  gameId?: number
  goodsType?: GoodsType
  onSearch: (text: string) => void
}) {
  const [text, setText] = useState(value ?? '')
  const [edited, setEdited] = useState(false)
  const typed = useDebounced(text.trim().slice(0, DISCOVER_LIMITS.suggestKeywordMax), DEBOUNCE_MS)
  const query: SuggestQuery = {
    keyword: typed,
    ...(gameId !== undefined ? { gameId } : {}),
    ...(goodsType !== undefined ? { goodsType } : {}),
  }
  // from two characters on (docs/valuation.md)
  const wanted = edited && [...typed].length >= 2 && text.trim() !== ''
  const suggestions = useQuery({ ...suggestQuery(query), enabled: wanted })
  const options = wanted ? (suggestions.data ?? []).map((title) => ({ value: title, label: title })) : []
  return (
    <AutoComplete
      className="list-keyword"
      value={text}
      options={options}
      onChange={(v: string) => {
        setText(v)
        setEdited(true)
      }}
      onSelect={(v: string) => {
        setText(v)
        onSearch(v.trim())
      }}
      // Enter searches for what was typed unless a suggestion was picked with the arrow keys
      defaultActiveFirstOption={false}
      popupMatchSelectWidth
    >
      <Input.Search
        onSearch={(v) => onSearch(v.trim())}
        placeholder="搜索商品标题，如：满级、全皮肤、初始号"
        aria-label="搜索商品关键词"
        allowClear
        maxLength={50}
        // a Button with its icon as `icon`: one with the icon among its children mounts a loading-icon
        // motion that draws the button again right after hydration (docs/ssr.md "Work after hydration")
        enterButton={
          <Button type="primary" icon={<SearchOutlined />}>
            搜索
          </Button>
        }
      />
    </AutoComplete>
  )
}
