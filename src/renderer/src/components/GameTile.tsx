import { useState } from 'react'
import { Link } from 'react-router-dom'
import { FireFilled } from '@ant-design/icons'
import type { Game } from '@shared/api/game'
import { gameListPath, tileColor } from './game-search'
import './game-tile.css'

/** A game's icon, or its first character on a coloured tile when there is no icon (or it fails). */
export function GameIcon({ game, size = 56 }: { game: Game; size?: number }) {
  const [failed, setFailed] = useState(false)
  const style = { width: size, height: size }
  if (game.icon && !failed) {
    return (
      <img
        className="game-icon"
        style={style}
        src={game.icon}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
      />
    )
  }
  return (
    <span
      className="game-icon game-icon--initial"
      style={{ ...style, background: tileColor(game.gameId), fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {Array.from(game.nameCn)[0] ?? game.initial}
    </span>
  )
}

export function GameTile({ game }: { game: Game }) {
  return (
    <Link to={gameListPath(game.gameId)} className="game-tile" title={`${game.nameCn}账号交易`}>
      {game.hot ? (
        <span className="game-tile__hot">
          <FireFilled /> 热门
        </span>
      ) : null}
      <GameIcon game={game} />
      <span className="game-tile__name">{game.nameCn}</span>
      <span className="game-tile__platforms">{(game.platforms ?? []).join(' / ') || game.nameEn}</span>
    </Link>
  )
}
