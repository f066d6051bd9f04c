/**
 * The tray icon: a Chinese menu (打开, 卖家工作台, the seller's counts — 待发货, 待处理出价, 消息中心
 * with its unread count — 我卖出的, 设置, 退出), the unread count in the tooltip, a click that shows
 * the window. The counts come from the workbench summary the renderer reports (workbench:set-counts,
 * docs/desktop.md). Closing the window keeps the app here (index.ts); 退出 really quits.
 */
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import { SITE_NAME } from '@shared/constants'
import { CHATS_PATH, MESSAGES_PATH, SOLD_ORDERS_PATH } from '@shared/live-events'
import { DELIVERY_PATH, RECEIVED_BIDS_PATH, type WorkbenchCounts } from '@shared/workbench'
import { unreadDescription } from './badge'

export interface TrayActions {
  /** show and focus the main window */
  open(): void
  /** show the window on a route */
  navigate(path: string): void
  /** open (or focus) the workbench window */
  openWorkbench(): void
  /** open the desktop settings dialog */
  openSettings(): void
  /** quit for real */
  quit(): void
}

export const TRAY_LABELS = {
  open: '打开',
  workbench: '卖家工作台',
  messages: '消息中心',
  sold: '我卖出的',
  settings: '设置',
  quit: '退出',
} as const

/** A count in a menu label: （3）, （99+）; nothing for 0. */
const counted = (label: string, n: number) => (n > 0 ? `${label}（${n > 99 ? '99+' : n}）` : label)

/** The lines of the seller's counts (labels with their counts; each opens its page). */
export function countItems(
  actions: TrayActions,
  counts: WorkbenchCounts | null,
  unread: number,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = []
  if (counts) {
    items.push(
      { label: counted('待发货', counts.toDeliver), click: () => actions.navigate(DELIVERY_PATH) },
      { label: counted('待处理出价', counts.pendingBids), click: () => actions.navigate(RECEIVED_BIDS_PATH) },
    )
  }
  items.push({
    label: counted(TRAY_LABELS.messages, Math.max(unread, counts?.unreadMessages ?? 0)),
    click: () => actions.navigate(MESSAGES_PATH),
  })
  // unread pre-sale chat messages (null while logged out or from a server without chats)
  if (counts && counts.unreadChats !== null)
    items.push({ label: counted('售前咨询', counts.unreadChats), click: () => actions.navigate(CHATS_PATH) })
  return items
}

export function trayMenuTemplate(
  actions: TrayActions,
  counts: WorkbenchCounts | null = null,
  unread = 0,
): MenuItemConstructorOptions[] {
  return [
    { label: TRAY_LABELS.open, click: () => actions.open() },
    { label: TRAY_LABELS.workbench, click: () => actions.openWorkbench() },
    { type: 'separator' },
    ...countItems(actions, counts, unread),
    { label: TRAY_LABELS.sold, click: () => actions.navigate(SOLD_ORDERS_PATH) },
    { type: 'separator' },
    { label: TRAY_LABELS.settings, click: () => actions.openSettings() },
    { label: TRAY_LABELS.quit, click: () => actions.quit() },
  ]
}

export function trayTooltip(count: number, counts: WorkbenchCounts | null = null): string {
  const parts = [
    ...(count > 0 ? [unreadDescription(count)] : []),
    ...(counts && counts.toDeliver > 0 ? [`${counts.toDeliver} 笔订单待发货`] : []),
    ...(counts && counts.pendingBids > 0 ? [`${counts.pendingBids} 个出价待处理`] : []),
  ]
  return parts.length > 0 ? `${SITE_NAME} - ${parts.join('，')}` : SITE_NAME
}

export interface AppTray {
  setUnread(count: number): void
  /** the seller's counts (workbench summary); null: logged out, no counts lines */
  setCounts(counts: WorkbenchCounts | null): void
  destroy(): void
}

export function createTray(options: {
  iconPath: string
  actions: TrayActions
  platform?: NodeJS.Platform
}): AppTray {
  const platform = options.platform ?? process.platform
  let image = nativeImage.createFromPath(options.iconPath)
  // macOS menu bar icons are 16 pt; the 32 px file is its @2x
  if (platform === 'darwin') image = image.resize({ width: 16, height: 16 })
  const tray = new Tray(image)
  let unread = 0
  let counts: WorkbenchCounts | null = null
  const render = () => {
    if (tray.isDestroyed()) return
    tray.setToolTip(trayTooltip(unread, counts))
    tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(options.actions, counts, unread)))
  }
  render()
  // Windows and Linux: a click on the icon opens the window (macOS shows the menu)
  if (platform !== 'darwin') tray.on('click', () => options.actions.open())
  return {
    setUnread(count) {
      if (count === unread) return
      unread = count
      render()
    },
    setCounts(next) {
      counts = next
      render()
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy()
    },
  }
}
