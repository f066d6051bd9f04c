/**
 * Unread count on the dock (macOS) or launcher (Linux, Unity-compatible desktops only).
 * Windows has no app badge count: the desktop issue adds a taskbar overlay icon
 * (BrowserWindow.setOverlayIcon) and the tray badge; until then this is a no-op there.
 */
import { app } from 'electron'

export function setBadge(count: number, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'darwin' || platform === 'linux') app.setBadgeCount(count)
}
