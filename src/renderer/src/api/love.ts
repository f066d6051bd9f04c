/**
 * 公会助力 (docs/platform-pages.md): the public board, the caller's supports today, the support
 * itself. The board is public and the live-event stream is per user, so the page polls the board
 * every 5 s while it is visible, and the user's own support refreshes it at once.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { LOVE } from '@shared/api/love'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const LOVE_BOARD_POLL_MS = 5_000

export const loveKeys = {
  all: ['love'] as const,
  board: ['love', 'board'] as const,
  mine: (activityId: number) => ['love', 'mine', activityId] as const,
}

export const loveBoardQuery = () =>
  queryOptions({
    queryKey: loveKeys.board,
    queryFn: () => call(LOVE.board, {}),
    refetchInterval: LOVE_BOARD_POLL_MS,
  })

/** Only for a logged-in visitor (the page passes enabled: false otherwise). */
export const loveMineQuery = (activityId: number, enabled: boolean) =>
  queryOptions({
    queryKey: loveKeys.mine(activityId),
    queryFn: () => call(LOVE.mine, { query: { activityId } }),
    enabled,
  })

/** The support; the request layer toasts a refusal (window, real name, quotas). */
export function useSupportGuild() {
  const queryClient = useQueryClient()
  return useChangeMutation((guildId: number) => call(LOVE.support, { body: { guildId } }), {
    // a refusal may come from a changed state (the window closed, the quota used): refetch either way
    onSettled: () => queryClient.invalidateQueries({ queryKey: loveKeys.all }),
  })
}
