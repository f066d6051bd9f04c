/**
 * Console: 游戏管理 and 公告与攻略 (docs/console.md) — query keys (root 'console'), query options and
 * mutations. A change also drops the public game / notice queries of this tab, so the site pages it
 * opens afterwards show the change (the server already dropped its own caches).
 */
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import {
  GAME_ADMIN,
  type GameAdminListQuery,
  type GameAreasBody,
  type GameConfigBody,
  type GameSaveBody,
  type GameTransferBody,
} from '@shared/api/game-admin'
import { NOTICE_ADMIN, type NoticeAdminListQuery, type NoticeSaveBody } from '@shared/api/notice-admin'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { gameKeys } from './game'
import { noticeKeys } from './notice'

export const contentKeys = {
  games: ['console', 'games'] as const,
  gameList: (q: GameAdminListQuery) => ['console', 'games', 'list', q] as const,
  game: (gameId: number) => ['console', 'games', 'detail', gameId] as const,
  notices: ['console', 'notices'] as const,
  noticeList: (q: NoticeAdminListQuery) => ['console', 'notices', 'list', q] as const,
  notice: (noticeId: number) => ['console', 'notices', 'detail', noticeId] as const,
}

// ------------------------------------------------------------------ 游戏管理

export const staffGamesQuery = (query: GameAdminListQuery) =>
  queryOptions({
    queryKey: contentKeys.gameList(query),
    queryFn: () => call(GAME_ADMIN.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffGameQuery = (gameId: number) =>
  queryOptions({
    queryKey: contentKeys.game(gameId),
    queryFn: () => call(GAME_ADMIN.detail, { query: { gameId } }),
    // the editors open with this data: refetched only after a save (not on focus, mid-edit)
    staleTime: Infinity,
  })

const useGameMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(fn, [contentKeys.games, gameKeys.all], done)

export const useSaveGame = () =>
  useGameMutation((body: GameSaveBody) => call(GAME_ADMIN.save, { body }), '保存成功')
export const useSetGameStatus = () =>
  useGameMutation(
    (body: { gameId: number; status: '0' | '1' }) => call(GAME_ADMIN.status, { body }),
    '状态已更新',
  )
export const useSaveGameAreas = () =>
  useGameMutation((body: GameAreasBody) => call(GAME_ADMIN.areas, { body }), '区服已保存')
export const useSaveGameConfig = () =>
  useGameMutation((body: GameConfigBody) => call(GAME_ADMIN.config, { body }), '商品配置已保存')
export const useSaveGameTransfer = () =>
  useGameMutation((body: GameTransferBody) => call(GAME_ADMIN.transfer, { body }), '交接字段已保存')

// ------------------------------------------------------------------ 公告与攻略

export const staffNoticesQuery = (query: NoticeAdminListQuery) =>
  queryOptions({
    queryKey: contentKeys.noticeList(query),
    queryFn: () => call(NOTICE_ADMIN.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffNoticeQuery = (noticeId: number) =>
  queryOptions({
    queryKey: contentKeys.notice(noticeId),
    queryFn: () => call(NOTICE_ADMIN.detail, { query: { noticeId } }),
    // the editor opens with this data: refetched only after a save (not on focus, mid-edit)
    staleTime: Infinity,
  })

/** The server's sanitised HTML of editor content (the preview shows only this). */
export const useNoticePreview = () =>
  useMutation({ mutationFn: (content: string) => call(NOTICE_ADMIN.preview, { body: { content } }) })

const useNoticeMutation = <T, R>(fn: (input: T) => Promise<R>, done: string) =>
  useChangeMutation(fn, [contentKeys.notices, noticeKeys.all], done)

export const useSaveNotice = () =>
  useNoticeMutation((body: NoticeSaveBody) => call(NOTICE_ADMIN.save, { body }), '保存成功')
export const usePublishNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_ADMIN.publish, { body: { noticeId } }), '已发布')
export const useUnpublishNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_ADMIN.unpublish, { body: { noticeId } }), '已下线')
export const useDeleteNotice = () =>
  useNoticeMutation((noticeId: number) => call(NOTICE_ADMIN.remove, { body: { noticeId } }), '已删除')
