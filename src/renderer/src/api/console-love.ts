/** Console 公会助力 (docs/console.md): activities, guilds, supports and voiding them. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  LOVE,
  type LoveActivityBody,
  type LoveActivityListQuery,
  type LoveGuildBody,
  type LoveSupportListQuery,
  type LoveVoidBody,
} from '@shared/api/love'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { loveKeys } from './love'

export const consoleLoveKeys = {
  all: ['console', 'love'] as const,
  activities: (q: LoveActivityListQuery) => ['console', 'love', 'activities', q] as const,
  guilds: (activityId: number) => ['console', 'love', 'guilds', activityId] as const,
  supports: (q: LoveSupportListQuery) => ['console', 'love', 'supports', q] as const,
}

export const loveActivitiesQuery = (q: LoveActivityListQuery) =>
  queryOptions({
    queryKey: consoleLoveKeys.activities(q),
    queryFn: () => call(LOVE.activityList, { query: q }),
    placeholderData: keepPreviousData,
  })

export const loveGuildsQuery = (activityId: number | null) =>
  queryOptions({
    queryKey: consoleLoveKeys.guilds(activityId ?? 0),
    queryFn: () => call(LOVE.guildList, { query: { activityId: activityId! } }),
    enabled: activityId !== null,
  })

export const loveSupportsQuery = (q: LoveSupportListQuery) =>
  queryOptions({
    queryKey: consoleLoveKeys.supports(q),
    queryFn: () => call(LOVE.supportList, { query: q }),
    placeholderData: keepPreviousData,
  })

const useLoveMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [consoleLoveKeys.all, loveKeys.all])

export const useAddLoveActivity = () =>
  useLoveMutation((body: LoveActivityBody) => call(LOVE.activityAdd, { body }))
export const useEditLoveActivity = () =>
  useLoveMutation((body: LoveActivityBody & { activityId: number }) => call(LOVE.activityEdit, { body }))
export const useRemoveLoveActivity = () =>
  useLoveMutation((activityId: number) => call(LOVE.activityRemove, { body: { activityId } }))
export const useAddLoveGuild = () => useLoveMutation((body: LoveGuildBody) => call(LOVE.guildAdd, { body }))
export const useEditLoveGuild = () =>
  useLoveMutation((body: LoveGuildBody & { guildId: number }) => call(LOVE.guildEdit, { body }))
export const useRemoveLoveGuild = () =>
  useLoveMutation((guildId: number) => call(LOVE.guildRemove, { body: { guildId } }))
export const useVoidLoveSupports = () =>
  useLoveMutation((body: LoveVoidBody) => call(LOVE.voidSupports, { body }))
