/**
 * Visited tabs: added once per path (title falls back to 'no-name'), removed one at a
 * time, all but the current one, or all but the pinned (affix) ones. A view is cached (kept alive)
 * unless its meta says noCache.
 */
import { create } from 'zustand'

export interface ViewMeta {
  title?: string
  noCache?: boolean
  affix?: boolean
}

export interface TagView {
  path: string
  fullPath?: string
  /** the cache key (route name); the path when absent */
  name?: string
  title?: string
  meta?: ViewMeta
}

export interface TagsViewState {
  visitedViews: TagView[]
  cachedViews: string[]
  addView(view: TagView): void
  addVisitedView(view: TagView): void
  addCachedView(view: TagView): void
  delView(view: TagView): void
  delOthersViews(view: TagView): void
  delAllViews(): void
  updateVisitedView(view: TagView): void
  /** index of a path among the visited views (the active tab), -1 when absent */
  indexOf(path: string): number
}

const cacheKey = (view: TagView) => view.name ?? view.path

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  addView(view) {
    get().addVisitedView(view)
    get().addCachedView(view)
  },
  addVisitedView(view) {
    if (get().visitedViews.some((v) => v.path === view.path)) return
    set({
      visitedViews: [...get().visitedViews, { ...view, title: view.meta?.title || view.title || 'no-name' }],
    })
  },
  addCachedView(view) {
    const key = cacheKey(view)
    if (get().cachedViews.includes(key) || view.meta?.noCache) return
    set({ cachedViews: [...get().cachedViews, key] })
  },
  delView(view) {
    set({
      visitedViews: get().visitedViews.filter((v) => v.path !== view.path),
      cachedViews: get().cachedViews.filter((key) => key !== cacheKey(view)),
    })
  },
  delOthersViews(view) {
    const key = cacheKey(view)
    set({
      visitedViews: get().visitedViews.filter((v) => v.meta?.affix || v.path === view.path),
      cachedViews: get().cachedViews.filter((k) => k === key),
    })
  },
  delAllViews() {
    set({ visitedViews: get().visitedViews.filter((v) => v.meta?.affix), cachedViews: [] })
  },
  updateVisitedView(view) {
    set({ visitedViews: get().visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)) })
  },
  indexOf(path) {
    return get().visitedViews.findIndex((v) => v.path === path)
  },
}))
