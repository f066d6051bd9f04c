import type { Game } from '@shared/api/types'

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
