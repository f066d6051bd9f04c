/**
 * Saved searches (docs/saved-searches.md): query keys (root 'savedSearch'; a `saved-search` live
 * event invalidates them, app/live-queries.ts), the list query and the mutations of the list page's
 * 保存搜索/订阅 button and the 订阅搜索 page.
 */
import { queryOptions } from '@tanstack/react-query'
import { SAVED_SEARCH, type AddSavedSearchBody } from '@shared/api/saved-search'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const savedSearchKeys = {
  all: ['savedSearch'] as const,
  list: ['savedSearch', 'list'] as const,
}

export const savedSearchListQuery = () =>
  queryOptions({
    queryKey: savedSearchKeys.list,
    queryFn: () => call(SAVED_SEARCH.list, {}),
  })

const useInvalidating = <V, R>(fn: (vars: V) => Promise<R>, errors?: 'caller') =>
  useChangeMutation(fn, { keys: [savedSearchKeys.all], errors })

/** Save a query (the form shows the refusal itself: errors 'caller'). */
export const useAddSavedSearch = () =>
  useInvalidating(
    (body: AddSavedSearchBody) => call(SAVED_SEARCH.add, { body }, { errors: 'caller' }),
    'caller',
  )

export const useRenameSavedSearch = () =>
  useInvalidating(
    (body: { savedSearchId: number; name: string }) =>
      call(SAVED_SEARCH.rename, { body }, { errors: 'caller' }),
    'caller',
  )

export const usePauseSavedSearch = () =>
  useInvalidating((body: { savedSearchId: number; paused: boolean }) => call(SAVED_SEARCH.pause, { body }))

export const useRemoveSavedSearch = () =>
  useInvalidating((savedSearchId: number) => call(SAVED_SEARCH.remove, { body: { savedSearchId } }))

/** The user opened the search: its new-match count goes back to 0. */
export const useSeenSavedSearch = () =>
  useInvalidating((savedSearchId: number) => call(SAVED_SEARCH.seen, { body: { savedSearchId } }))
