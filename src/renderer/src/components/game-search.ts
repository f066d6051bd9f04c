import type { Game } from '@shared/api/game'

/**
 * Games whose Chinese or English name contains the text (case-insensitive); a single Latin letter
 * means the pinyin initial (or the first letter of the English name).
 */
export function matchGames(games: readonly Game[], text: string): Game[] {
  const q = text.trim().toLowerCase()
  if (!q) return [...games]
  if (/^[a-z]$/.test(q)) {
    return games.filter((g) => g.initial?.toLowerCase() === q || g.nameEn.toLowerCase().startsWith(q))
  }
  return games.filter((g) => g.nameCn.toLowerCase().includes(q) || g.nameEn.toLowerCase().includes(q))
}

/** The game a search names: an exact name, else the only match; undefined when unclear. */
export function pickGame(games: readonly Game[], text: string): Game | undefined {
  const q = text.trim().toLowerCase()
  if (!q) return undefined
  const exact = games.find((g) => g.nameCn.toLowerCase() === q || g.nameEn.toLowerCase() === q)
  if (exact) return exact
  const matches = matchGames(games, q)
  return matches.length === 1 ? matches[0] : undefined
}

export const gameListPath = (gameId: number) => `/list.html?gameId=${gameId}`

/** Letters that have at least one game, A-Z order. */
export function initialsOf(games: readonly Game[]): string[] {
  return [
    ...new Set(games.map((g) => (g.initial ?? '').toUpperCase()).filter((c) => /^[A-Z]$/.test(c))),
  ].sort()
}

const TILE_COLORS = ['#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#2f54eb', '#fa541c']
export function tileColor(gameId: number): string {
  return TILE_COLORS[Math.abs(gameId) % TILE_COLORS.length] as string
}

/**
 * Where the home search goes: a game named by the text → its list (the rest of the text, if any,
 * as the keyword: "原神 满命" → gameId + keyword 满命); no game → all listings with the keyword.
 * null for empty text.
 */
export function homeSearchTarget(games: readonly Game[], text: string): string | null {
  const query = text.trim().replace(/\s+/g, ' ')
  if (!query) return null
  const params = new URLSearchParams()
  const picked = pickGame(games, query)
  if (picked) {
    params.set('gameId', String(picked.gameId))
    return `/list.html?${params.toString()}`
  }
  // the longest game name inside the text, the remainder is the keyword
  const lower = query.toLowerCase()
  const named = [...games]
    .flatMap((g) => [g.nameCn, g.nameEn].map((name) => ({ game: g, name: name.toLowerCase() })))
    .filter(({ name }) => name.length >= 2 && lower.includes(name))
    .sort((a, b) => b.name.length - a.name.length)[0]
  if (named) {
    const at = lower.indexOf(named.name)
    const rest = (query.slice(0, at) + ' ' + query.slice(at + named.name.length)).trim().replace(/\s+/g, ' ')
    params.set('gameId', String(named.game.gameId))
    if (rest) params.set('keyword', rest.slice(0, 50))
    return `/list.html?${params.toString()}`
  }
  params.set('keyword', query.slice(0, 50))
  return `/list.html?${params.toString()}`
}
