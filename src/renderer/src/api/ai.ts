/**
 * AI drawing: query keys (root 'ai'; live `ai-job` events invalidate them, app/live-queries.ts), query
 * options (options, jobs, works, gallery pages, favourites, staff lists) and mutations.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  AI,
  AI_STAFF,
  type AiStaffWorksQuery,
  type AiCreateBody,
  type AiGalleryQuery,
  type AiPageQuery,
  type AiWordsQuery,
} from '@shared/api/ai'
import { authKeys } from './auth'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { downloadExport } from './common'

export const aiKeys = {
  all: ['ai'] as const,
  options: (loggedIn: boolean) => ['ai', 'options', loggedIn] as const,
  jobs: (q: AiPageQuery) => ['ai', 'jobs', q] as const,
  job: (jobId: number) => ['ai', 'job', jobId] as const,
  myWorks: (q: AiPageQuery) => ['ai', 'works', 'my', q] as const,
  gallery: (q: Omit<AiGalleryQuery, 'pageNum'>) => ['ai', 'works', 'gallery', q] as const,
  detail: (workId: number) => ['ai', 'works', 'detail', workId] as const,
  favourites: (q: AiPageQuery) => ['ai', 'works', 'favourites', q] as const,
  staffWorks: (q: AiStaffWorksQuery) => ['ai', 'staff', 'works', q] as const,
  words: (q: AiWordsQuery) => ['ai', 'staff', 'words', q] as const,
}

export const aiOptionsQuery = (loggedIn: boolean) =>
  queryOptions({ queryKey: aiKeys.options(loggedIn), queryFn: () => call(AI.options, {}) })

export const aiJobsQuery = (q: AiPageQuery) =>
  queryOptions({
    queryKey: aiKeys.jobs(q),
    queryFn: () => call(AI.jobs, { query: q }),
    placeholderData: keepPreviousData,
  })

export const aiJobQuery = (jobId: number) =>
  queryOptions({ queryKey: aiKeys.job(jobId), queryFn: () => call(AI.job, { params: { jobId } }) })

export const aiMyWorksQuery = (q: AiPageQuery) =>
  queryOptions({
    queryKey: aiKeys.myWorks(q),
    queryFn: () => call(AI.myWorks, { query: q }),
    placeholderData: keepPreviousData,
  })

export const AI_GALLERY_PAGE = 24

/** The gallery as pages for infinite scroll. */
export const aiGalleryQuery = (q: Omit<AiGalleryQuery, 'pageNum' | 'pageSize'>) =>
  infiniteQueryOptions({
    queryKey: aiKeys.gallery(q),
    queryFn: ({ pageParam }) =>
      call(AI.gallery, { query: { ...q, pageNum: pageParam, pageSize: AI_GALLERY_PAGE } }),
    initialPageParam: 1,
    // a full page means there may be more (the server counts the total only up to 10,000)
    getNextPageParam: (last, pages) => (last.rows.length === AI_GALLERY_PAGE ? pages.length + 1 : undefined),
  })

export const aiWorkQuery = (workId: number) =>
  queryOptions({ queryKey: aiKeys.detail(workId), queryFn: () => call(AI.detail, { params: { workId } }) })

export const aiFavouritesQuery = (q: AiPageQuery) =>
  queryOptions({
    queryKey: aiKeys.favourites(q),
    queryFn: () => call(AI.favourites, { query: q }),
    placeholderData: keepPreviousData,
  })

export const aiStaffWorksQuery = (q: AiStaffWorksQuery) =>
  queryOptions({
    queryKey: aiKeys.staffWorks(q),
    queryFn: () => call(AI_STAFF.works, { query: q }),
    placeholderData: keepPreviousData,
  })

export const aiWordsQuery = (q: AiWordsQuery) =>
  queryOptions({
    queryKey: aiKeys.words(q),
    queryFn: () => call(AI_STAFF.words, { query: q }),
    placeholderData: keepPreviousData,
  })

const useAiMutation = <V, R>(fn: (v: V) => Promise<R>) => useChangeMutation(fn, { keys: [aiKeys.all] })

export const useCreateAiJob = () => useAiMutation((body: AiCreateBody) => call(AI.create, { body }))
export const useCancelAiJob = () => useAiMutation((jobId: number) => call(AI.cancel, { body: { jobId } }))
export const usePublishAiWork = () =>
  useAiMutation((v: { workId: number; publish: boolean }) => call(AI.publish, { body: v }))
export const useRemoveAiWork = () => useAiMutation((workId: number) => call(AI.remove, { body: { workId } }))
export const useLikeAiWork = () =>
  useAiMutation((v: { workId: number; on: boolean }) => call(AI.like, { body: v }))
export const useFavouriteAiWork = () =>
  useAiMutation((v: { workId: number; on: boolean }) => call(AI.favourite, { body: v }))

/** Copies the original into the user's downloads, then downloads it (desktop: with progress). */
export const useDownloadAiWork = () =>
  useChangeMutation(async (workId: number) => {
    const file = await call(AI.download, { body: { workId } })
    await downloadExport(file.fileName)
    return file
  })

/** The header and the user's profile show the avatar. */
export const useAiAvatar = () =>
  useChangeMutation((workId: number) => call(AI.useAsAvatar, { body: { workId } }), { keys: [authKeys.info] })

export const useAiCover = () =>
  useChangeMutation((workId: number) => call(AI.useAsCover, { body: { workId } }))

export const useHideAiWork = () =>
  useAiMutation((v: { workId: number; reason: string }) => call(AI_STAFF.hide, { body: v }))
export const useUnhideAiWork = () =>
  useAiMutation((workId: number) => call(AI_STAFF.unhide, { body: { workId } }))
export const useAddAiWord = () => useAiMutation((word: string) => call(AI_STAFF.addWord, { body: { word } }))
export const useRemoveAiWord = () =>
  useAiMutation((wordId: number) => call(AI_STAFF.removeWord, { body: { wordId } }))
