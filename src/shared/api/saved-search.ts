/**
 * Saved searches (订阅搜索, docs/saved-searches.md): a logged-in user keeps a query of the list page
 * under a name and is told, in batches, when new listings match it (an in-site message, a live event,
 * a WeChat template message when bound). Plain data: no Node, no DOM.
 */
import { data, endpoint, none, type BodyOf } from './contract'
import { bool, id, strict, text } from './fields'

export const SAVED_SEARCH_LIMITS = {
  /** saved searches per user */
  perUser: 20,
  name: 30,
  /** the list page's query string (canonical, without page and size) */
  query: 1000,
  /** listings named (with links) in one alert message */
  linksPerAlert: 10,
} as const

export interface SavedSearch {
  savedSearchId: number
  name: string
  /** the list page's query string, no leading '?': open /list.html?<query> */
  query: string
  /** the conditions in words (game, type, area/server, price range, keyword, attributes, sort) */
  conditions: string
  /** alerts are off */
  paused: boolean
  /** listings matched since the user last opened this search */
  newCount: number
  /** epoch ms of the last alert sent, null: none yet */
  lastAlertAt: number | null
  createdAt: number
}

export interface SavedSearchList {
  rows: SavedSearch[]
  /** how many a user may keep */
  limit: number
}

/** What one run of the saved-search sweeper did (the sandbox's run-now answer, tests). */
export interface SavedSearchSweep {
  /** listings taken from the queue and matched */
  listings: number
  /** new matches recorded */
  matches: number
  /** alerts sent (one per saved search whose window had come) */
  alerts: number
}

const savedSearchId = id('订阅编号')
const name = text('订阅名称', SAVED_SEARCH_LIMITS.name)

export const SAVED_SEARCH = {
  /** the caller's saved searches, newest first */
  list: endpoint({
    method: 'GET',
    path: '/user/savedSearch/list',
    access: 'user',
    answer: data<SavedSearchList>(),
  }),
  /** save the list page's current query (at most SAVED_SEARCH_LIMITS.perUser) */
  add: endpoint({
    method: 'POST',
    path: '/user/savedSearch/add',
    access: 'user',
    body: strict({ name, query: text('搜索条件', SAVED_SEARCH_LIMITS.query, 0) }),
    answer: data<SavedSearch>(),
  }),
  rename: endpoint({
    method: 'POST',
    path: '/user/savedSearch/rename',
    access: 'user',
    body: strict({ savedSearchId, name }),
    answer: none(),
  }),
  /** paused: no alerts (and no matches recorded) until resumed */
  pause: endpoint({
    method: 'POST',
    path: '/user/savedSearch/pause',
    access: 'user',
    body: strict({ savedSearchId, paused: bool('暂停提醒') }),
    answer: none(),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/user/savedSearch/remove',
    access: 'user',
    body: strict({ savedSearchId }),
    answer: none(),
  }),
  /** the user opened the search: its new-match count goes back to 0 */
  seen: endpoint({
    method: 'POST',
    path: '/user/savedSearch/seen',
    access: 'user',
    body: strict({ savedSearchId }),
    answer: none(),
  }),
  /** demo and test installs only: run the sweeper now (queue matched, due alerts sent) */
  sandboxSweep: endpoint({
    method: 'POST',
    path: '/sandbox/savedSearch/sweep',
    access: 'public',
    answer: data<SavedSearchSweep>(),
  }),
}

export type AddSavedSearchBody = BodyOf<typeof SAVED_SEARCH.add>
