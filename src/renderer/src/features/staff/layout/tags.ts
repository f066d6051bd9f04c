/**
 * The visited-tabs bar's state (docs/console.md): views deduplicated by path (title falls back to
 * 无标题), close one / others / all but affixed; views are cached (kept mounted) unless noCache.
 * Kept in sessionStorage: per browser session.
 */
import { create } from 'zustand'

export interface VisitedView {
  path: string
  title: string
  affix?: boolean
  noCache?: boolean
}

interface TagsState {
  visited: VisitedView[]
  add(view: VisitedView): void
  /** closes one; answers the path to show next when the closed one was active */
  close(path: string): void
  closeOthers(path: string): void
  closeAll(): void
}

const KEY = 'console-tags'
export const NO_NAME = '无标题'

function load(): VisitedView[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as VisitedView[]).filter((v) => typeof v?.path === 'string') : []
  } catch {
    return []
  }
}

const save = (visited: VisitedView[]) => {
  sessionStorage.setItem(KEY, JSON.stringify(visited))
  return { visited }
}

export const useTagsStore = create<TagsState>()((set, get) => ({
  visited: load(),
  add(view) {
    const visited = get().visited
    if (visited.some((v) => v.path === view.path)) return
    set(save([...visited, { ...view, title: view.title || NO_NAME }]))
  },
  close(path) {
    set(save(get().visited.filter((v) => v.path !== path || v.affix)))
  },
  closeOthers(path) {
    set(save(get().visited.filter((v) => v.path === path || v.affix)))
  },
  closeAll() {
    set(save(get().visited.filter((v) => v.affix)))
  },
}))

/** The views kept mounted: every visited view unless noCache (the active one always renders). */
export const cachedPaths = (visited: readonly VisitedView[]) =>
  visited.filter((v) => !v.noCache).map((v) => v.path)
