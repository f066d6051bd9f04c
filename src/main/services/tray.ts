/**
 * The tray icon: a Chinese menu (打开, 消息中心, 我卖出的, 设置, 退出), the unread count in the
 * tooltip, a click that shows the window. Closing the window keeps the app here (index.ts); 退出
 * really quits.
 */
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import { SITE_NAME } from '@shared/constants'
import { MESSAGES_PATH, SOLD_ORDERS_PATH } from '@shared/live-events'
import { unreadDescription } from './badge'

export interface TrayActions {
  /** show and focus the main window */
  open(): void
  /** show the window on a route */
  navigate(path: string): void
  /** open the desktop settings dialog */
  openSettings(): void
  /** quit for real */
  quit(): void
}

export const TRAY_LABELS = {
  open: '打开',
  messages: '消息中心',
  sold: '我卖出的',
  settings: '设置',
  quit: '退出',
} as const

export function trayMenuTemplate(actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: TRAY_LABELS.open, click: () => actions.open() },
    { type: 'separator' },
    { label: TRAY_LABELS.messages, click: () => actions.navigate(MESSAGES_PATH) },
    { label: TRAY_LABELS.sold, click: () => actions.navigate(SOLD_ORDERS_PATH) },
    { type: 'separator' },
    { label: TRAY_LABELS.settings, click: () => actions.openSettings() },
    { label: TRAY_LABELS.quit, click: () => actions.quit() },
  ]
}

export function trayTooltip(count: number): string {
  return count > 0 ? `${SITE_NAME} - ${unreadDescription(count)}` : SITE_NAME
}

export interface AppTray {
  setUnread(count: number): void
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
  tray.setToolTip(trayTooltip(0))
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(options.actions)))
  // Windows and Linux: a click on the icon opens the window (macOS shows the menu)
  if (platform !== 'darwin') tray.on('click', () => options.actions.open())
  return {
    setUnread(count) {
      if (!tray.isDestroyed()) tray.setToolTip(trayTooltip(count))
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy()
    },
  }
}
