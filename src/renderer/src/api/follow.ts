/** Following listings: the caller's follows, which listings are followed, follow and unfollow. */
import { keepPreviousData, queryOptions, useMutationState } from '@tanstack/react-query'
import { FOLLOW, type FollowListQuery } from '@shared/api/follow'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { gameKeys } from './game'
import { goodsKeys } from './goods'

export const followListQuery = (query: FollowListQuery) =>
  queryOptions({
    queryKey: goodsKeys.followList(query),
    queryFn: () => call(FOLLOW.list, { query }),
    placeholderData: keepPreviousData,
  })

/** the follows looked up to mark followed listings in a list (the follow list's largest page) */
const FOLLOWED_LOOKUP = 100

/**
 * Which listings the user follows (an empty set for a visitor, or when the lookup fails). A visitor's
 * empty set is there from the first render: a Set does not travel in a rendered page's data, and a
 * query that resolved only after hydration re-rendered the whole list page synchronously (docs/ssr.md,
 * "Work after hydration").
 */
export const followedIdsQuery = (loggedIn: boolean) =>
  queryOptions({
    queryKey: [...goodsKeys.followedIds, loggedIn] as const,
    queryFn: async () => {
      if (!loggedIn) return new Set<number>()
      try {
        const page = await call(FOLLOW.list, { query: { pageNum: 1, pageSize: FOLLOWED_LOOKUP } })
        return new Set(page.rows.map((row) => row.goodsId))
      } catch {
        return new Set<number>()
      }
    },
    initialData: () => (loggedIn ? undefined : new Set<number>()),
    ...(loggedIn ? {} : { staleTime: Infinity }),
  })

const FOLLOW_MUTATION = ['goods', 'follow', 'toggle'] as const

/**
 * Follow (follow: true) or unfollow a listing; the follow lists follow. errors: 'caller' — each
 * toggle's caller answers it (several may be on their way at once), a refusal with toastError.
 */
export const useFollowGoods = () =>
  useChangeMutation(
    ({ goodsId, follow }: { goodsId: number; follow: boolean }) =>
      call(follow ? FOLLOW.follow : FOLLOW.unfollow, { body: { goodsId } }, { errors: 'caller' }),
    { mutationKey: FOLLOW_MUTATION, keys: [goodsKeys.follows, gameKeys.followed], errors: 'caller' },
  )

/** The listings whose follow or unfollow is on its way. */
export function usePendingFollows(): number[] {
  return useMutationState({
    filters: { mutationKey: FOLLOW_MUTATION, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { goodsId: number }).goodsId,
  })
}
