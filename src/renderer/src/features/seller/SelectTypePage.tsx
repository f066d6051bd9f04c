/**
 * /seller/selectType.html, step 1 of publishing: pick the game (search by name or initial, A–Z),
 * then a goods type the game allows (getGameConfig) → /seller/completeInfo.html?gameId=&goodsType=.
 * The chosen game is kept in the URL (?gameId=), so back and reload keep it.
 */
import './seller.css'
import './select-type.css'
import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Empty, Input, Skeleton, Steps } from 'antd'
import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons'
import { GOODS_TYPE_LABELS } from '@shared/api/goods'
import { gameConfigQuery, gamesQuery, sortGames } from '@renderer/api/game'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { initialsOf, matchGames } from '@renderer/components/game-search'
import { GameIcon } from '@renderer/components/GameTile'
import { PUBLISH_STEPS, TYPE_HINTS } from './publish-steps'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const ALL = 'ALL'

export default function SelectTypePage() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const gameId = Number(params.get('gameId')) || undefined
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const config = useQuery({ ...gameConfigQuery(gameId ?? 0), enabled: Boolean(gameId) })
  const [text, setText] = useState('')
  const [letter, setLetter] = useState(ALL)
  const letters = useMemo(() => initialsOf(games.data ?? []), [games.data])
  const shown = useMemo(() => {
    const matched = matchGames(games.data ?? [], text)
    return letter === ALL ? matched : matched.filter((g) => g.initial.toUpperCase() === letter)
  }, [games.data, text, letter])
  const game = games.data?.find((g) => g.gameId === gameId)

  return (
    <CentreLayout centre={SELLER_CENTRE} title="发布商品">
      <Steps className="publish-steps" current={0} items={PUBLISH_STEPS} size="small" />

      <h2 className="publish-section-title">1. 选择游戏</h2>
      <div className="game-picker__tools">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="输入游戏名称或首字母"
          aria-label="搜索游戏"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="game-picker__search"
        />
        <div className="letter-filter game-picker__letters" role="tablist" aria-label="按首字母筛选">
          {[ALL, ...letters].map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={letter === key}
              className={`letter-filter__item ${letter === key ? 'is-active' : ''}`}
              onClick={() => setLetter(key)}
            >
              {key === ALL ? '全部' : key}
            </button>
          ))}
        </div>
      </div>
      {games.error ? (
        <ErrorAlert error={games.error} fallback="游戏列表加载失败" onRetry={() => void games.refetch()} />
      ) : !games.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : shown.length === 0 ? (
        <Empty description="没有找到这个游戏" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div className="game-picker" role="radiogroup" aria-label="游戏">
          {shown.map((g) => (
            <button
              key={g.gameId}
              type="button"
              role="radio"
              aria-checked={g.gameId === gameId}
              className={`game-picker__item ${g.gameId === gameId ? 'is-active' : ''}`}
              onClick={() =>
                setParams({ gameId: String(g.gameId) }, { replace: true, state: { keepScroll: true } })
              }
            >
              <GameIcon game={g} size={36} />
              <span className="game-picker__name">{g.nameCn}</span>
              {g.gameId === gameId ? <CheckCircleFilled className="game-picker__check" /> : null}
            </button>
          ))}
        </div>
      )}

      <h2 className="publish-section-title">2. 选择商品类型{game ? `（${game.nameCn}）` : ''}</h2>
      {!gameId ? (
        <p className="publish-hint">请先在上面选择要出售的游戏</p>
      ) : config.error ? (
        <ErrorAlert error={config.error} fallback="游戏配置加载失败" />
      ) : !config.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : config.data.goodsTypes.length === 0 ? (
        <Empty description="该游戏暂不支持发布商品" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div className="type-picker">
          {config.data.goodsTypes.map((t) => (
            <button
              key={t.goodsType}
              type="button"
              className="type-picker__item"
              onClick={() =>
                void navigate(`/seller/completeInfo.html?gameId=${gameId}&goodsType=${t.goodsType}`)
              }
            >
              <strong>{t.label || GOODS_TYPE_LABELS[t.goodsType]}</strong>
              <span>{TYPE_HINTS[t.goodsType]}</span>
              {t.attributes.length > 0 ? (
                <small>
                  需填写：
                  {t.attributes
                    .filter((a) => a.required)
                    .map((a) => a.label)
                    .join('、') || '可选属性'}
                </small>
              ) : null}
            </button>
          ))}
        </div>
      )}
    </CentreLayout>
  )
}
