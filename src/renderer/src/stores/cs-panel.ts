/**
 * Client state of the web's 在线客服 panel (docs/customer-service.md): whether it is open and what it
 * was opened about (an order, a listing, a dispute). The conversation itself is server data (query
 * cache, api/cs-conversation.ts).
 */
import { create } from 'zustand'
import type { CsOpenedAbout } from '@shared/desktop'

interface CsPanelState {
  open: boolean
  about: CsOpenedAbout
  /** each opening is a new view of the conversation (a new attachment is sent again) */
  openedAt: number
  show(about?: CsOpenedAbout): void
  hide(): void
}

export const useCsPanel = create<CsPanelState>((set) => ({
  open: false,
  about: {},
  openedAt: 0,
  show: (about = {}) => set({ open: true, about, openedAt: Date.now() }),
  hide: () => set({ open: false }),
}))
