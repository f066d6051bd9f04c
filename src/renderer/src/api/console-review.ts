/** Console 评价管理: every review with filters, hide and unhide with a reason (docs/console.md). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { REVIEW, type ReviewListQuery } from '@shared/api/review'
import { call } from './client'
import { reviewKeys } from './review'

export const staffReviewKeys = {
  list: (query: ReviewListQuery) => ['review', 'staff', query] as const,
}

export const staffReviewsQuery = (query: ReviewListQuery) =>
  queryOptions({
    queryKey: staffReviewKeys.list(query),
    queryFn: () => call(REVIEW.list, { query }),
    placeholderData: keepPreviousData,
  })

export function useHideReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { reviewId: number; hidden: boolean; reason: string }) => call(REVIEW.hide, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  })
}
