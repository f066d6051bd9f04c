/**
 * Recently viewed listings, kept only in this browser (localStorage, key `recentlyViewed`): the
 * newest first, one entry per listing, at most DISCOVER_LIMITS.recentMax. An entry is a small
 * snapshot of the listing as it was seen (title, price, cover), so showing the list costs no request.
 * Components read it with `useRecentlyViewed()`, which gives [] on the server and while hydrating
 * (the server cannot know the list; docs/ssr.md).
 */
import { useSyncExternalStore } from 'react'
import { DISCOVER_LIMITS } from '@shared/api/discover'
import type { GoodsBrief } from '@shared/api/goods'

export const RECENT_KEY = 'recentlyViewed'

export interface RecentEntry {
  goodsId: number
  title: string
  price: number
  coverUrl: string | null
  gameName: string
  viewedAt: number
}

const EMPTY: RecentEntry[] = []
const listeners = new Set<() => void>()
let cache: { raw: string | null; list: RecentEntry[] } = { raw: null, list: EMPTY }

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isEntry = (v: unknown): v is RecentEntry => {
  const e = v as RecentEntry
  return (
    typeof e === 'object' &&
    e !== null &&
    Number.isSafeInteger(e.goodsId) &&
    e.goodsId > 0 &&
    typeof e.title === 'string' &&
    Number.isSafeInteger(e.price) &&
    (e.coverUrl === null || typeof e.coverUrl === 'string') &&
    typeof e.gameName === 'string' &&
    typeof e.viewedAt === 'number'
  )
}

/** The stored list (a broken or foreign value reads as empty); the same array while nothing changed. */
export function readRecent(): RecentEntry[] {
  let raw: string | null
  try {
    raw = storage()?.getItem(RECENT_KEY) ?? null
  } catch {
    raw = null
  }
  if (raw === cache.raw) return cache.list
  let list: RecentEntry[] = EMPTY
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) list = parsed.filter(isEntry).slice(0, DISCOVER_LIMITS.recentMax)
  } catch {
    list = EMPTY
  }
  cache = { raw, list }
  return list
}

function write(list: RecentEntry[]) {
  try {
    storage()?.setItem(RECENT_KEY, JSON.stringify(list))
  } catch {
    // storage full or blocked: the list is only a convenience
  }
  for (const listener of listeners) listener()
}

/** Puts the listing first (replacing an older entry of it) and keeps the newest recentMax. */
export function recordView(goods: GoodsBrief, at = Date.now()) {
  const entry: RecentEntry = {
    goodsId: goods.goodsId,
    title: goods.title,
    price: goods.price,
    coverUrl: goods.coverUrl,
    gameName: goods.gameName,
    viewedAt: at,
  }
  const rest = readRecent().filter((e) => e.goodsId !== goods.goodsId)
  write([entry, ...rest].slice(0, DISCOVER_LIMITS.recentMax))
}

export function clearRecent() {
  write([])
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // another tab's change
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECENT_KEY) listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}

/** The list; [] on the server and during hydration, the stored one right after. */
export function useRecentlyViewed(): RecentEntry[] {
  return useSyncExternalStore(subscribe, readRecent, () => EMPTY)
}
