/** The menu tree of the logged-in user from GET /getRouters (run-time routes, personal-centre menu). */
import { create } from 'zustand'
import type { RouterItem } from '@shared/api/types'
import { getRouters } from '@renderer/api/system'

export interface MenuState {
  menus: RouterItem[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  load(): Promise<void>
  reset(): void
}

let pending: Promise<void> | null = null

export const useMenuStore = create<MenuState>()((set) => ({
  menus: [],
  status: 'idle',
  load() {
    if (pending) return pending
    set({ status: 'loading' })
    pending = getRouters()
      .then((menus) => set({ menus, status: 'ready' }))
      .catch(() => set({ status: 'error' }))
      .finally(() => {
        pending = null
      })
    return pending
  },
  reset() {
    set({ menus: [], status: 'idle' })
  },
}))
