/**
 * The desktop workbench (docs/desktop.md): a compact window of the seller's day and the counts the
 * tray menu shows. Plain data: no Node, no DOM.
 */
import { SOLD_ORDERS_PATH } from './live-events'

/** the workbench's renderer route (standalone layout; desktop only) */
export const WORKBENCH_PATH = '/desktop/workbench'
/** where 去发货 leads in the main window: my sold orders waiting for delivery */
export const DELIVERY_PATH = `${SOLD_ORDERS_PATH}?status=PAID`
/** received bids, waiting for an answer */
export const RECEIVED_BIDS_PATH = '/seller/receivedBids.html'

/** What the tray menu shows (the renderer reports it from the workbench summary). */
export interface WorkbenchCounts {
  toDeliver: number
  pendingBids: number
  unreadMessages: number
  /** unread pre-sale chats: null until the chat module reports them (no tray line then) */
  unreadChats: number | null
}

export const WORKBENCH_COUNT_MAX = 1_000_000
