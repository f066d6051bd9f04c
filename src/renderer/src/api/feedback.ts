/** 意见反馈 (docs/platform-pages.md): the types (a dictionary), the form, the caller's list, staff handling. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  FEEDBACK,
  FEEDBACK_STAFF,
  FEEDBACK_DICT,
  type FeedbackAddBody,
  type FeedbackListQuery,
  type FeedbackMyQuery,
} from '@shared/api/feedback'
import { SYSTEM } from '@shared/api/system'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const feedbackKeys = {
  all: ['feedback'] as const,
  types: ['feedback', 'types'] as const,
  my: (query: FeedbackMyQuery) => ['feedback', 'my', query] as const,
  staff: (query: FeedbackListQuery) => ['feedback', 'staff', query] as const,
}

export const feedbackTypesQuery = () =>
  queryOptions({
    queryKey: feedbackKeys.types,
    queryFn: () => call(SYSTEM.dict, { params: { dictType: FEEDBACK_DICT } }),
    staleTime: 10 * 60_000,
  })

export const myFeedbackQuery = (query: FeedbackMyQuery) =>
  queryOptions({
    queryKey: feedbackKeys.my(query),
    queryFn: () => call(FEEDBACK.my, { query }),
    placeholderData: keepPreviousData,
  })

export const staffFeedbackQuery = (query: FeedbackListQuery) =>
  queryOptions({
    queryKey: feedbackKeys.staff(query),
    queryFn: () => call(FEEDBACK_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

const useFeedbackMutation = <T>(fn: (input: T) => Promise<unknown>, errors?: 'caller') =>
  useChangeMutation(fn, { keys: [feedbackKeys.all], errors })

/** errors: 'caller' — the form shows the refusal (e.g. the hourly limit) next to it. */
export const useAddFeedback = () =>
  useFeedbackMutation((body: FeedbackAddBody) => call(FEEDBACK.add, { body }, { errors: 'caller' }), 'caller')
export const useReplyFeedback = () =>
  useFeedbackMutation((body: { feedbackId: number; content: string }) => call(FEEDBACK_STAFF.reply, { body }))
export const useCloseFeedback = () =>
  useFeedbackMutation((feedbackId: number) => call(FEEDBACK_STAFF.close, { body: { feedbackId } }))
