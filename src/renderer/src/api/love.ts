/**
 * 公会助力 (docs/platform-pages.md): the public board, the caller's supports today, the support
 * itself. The board is public and the live-event stream is per user, so the page polls the board
 * every 5 s while it is visible, and the user's own support refreshes it at once.
 */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import {
  LOVE,
  LOVE_STAFF,
  type LoveActivityBody,
  type LoveActivityListQuery,
  type LoveGuildBody,
  type LoveSupportListQuery,
  type LoveVoidBody,
} from '@shared/api/love'
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

// ------------------------------------------------------------------ staff: 公会助力 (docs/console.md)
// Activities, guilds, supports and voiding them.

export const loveStaffKeys = {
  all: ['staff', 'love'] as const,
  activities: (q: LoveActivityListQuery) => ['staff', 'love', 'activities', q] as const,
  guilds: (activityId: number) => ['staff', 'love', 'guilds', activityId] as const,
  supports: (q: LoveSupportListQuery) => ['staff', 'love', 'supports', q] as const,
}

export const loveActivitiesQuery = (q: LoveActivityListQuery) =>
  queryOptions({
    queryKey: loveStaffKeys.activities(q),
    queryFn: () => call(LOVE_STAFF.activityList, { query: q }),
    placeholderData: keepPreviousData,
  })

export const loveGuildsQuery = (activityId: number | null) =>
  queryOptions({
    queryKey: loveStaffKeys.guilds(activityId ?? 0),
    queryFn: () => call(LOVE_STAFF.guildList, { query: { activityId: activityId! } }),
    enabled: activityId !== null,
  })

export const loveSupportsQuery = (q: LoveSupportListQuery) =>
  queryOptions({
    queryKey: loveStaffKeys.supports(q),
    queryFn: () => call(LOVE_STAFF.supportList, { query: q }),
    placeholderData: keepPreviousData,
  })

const useLoveMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [loveStaffKeys.all, loveKeys.all])

export const useAddLoveActivity = () =>
  useLoveMutation((body: LoveActivityBody) => call(LOVE_STAFF.activityAdd, { body }))
export const useEditLoveActivity = () =>
  useLoveMutation((body: LoveActivityBody & { activityId: number }) =>
    call(LOVE_STAFF.activityEdit, { body }),
  )
export const useRemoveLoveActivity = () =>
  useLoveMutation((activityId: number) => call(LOVE_STAFF.activityRemove, { body: { activityId } }))
export const useAddLoveGuild = () =>
  useLoveMutation((body: LoveGuildBody) => call(LOVE_STAFF.guildAdd, { body }))
export const useEditLoveGuild = () =>
  useLoveMutation((body: LoveGuildBody & { guildId: number }) => call(LOVE_STAFF.guildEdit, { body }))
export const useRemoveLoveGuild = () =>
  useLoveMutation((guildId: number) => call(LOVE_STAFF.guildRemove, { body: { guildId } }))
export const useVoidLoveSupports = () =>
  useLoveMutation((body: LoveVoidBody) => call(LOVE_STAFF.voidSupports, { body }))
