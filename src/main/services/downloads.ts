/**
 * The download manager of the main window. The renderer asks for a file of the API
 * (download:start with /api/common/download?fileName=…&ticket=…); main starts it with
 * webContents.downloadURL, and `will-download` saves it into the download folder of the settings
 * (or asks where, when the user chose that), shows the progress on the taskbar / dock
 * (setProgressBar), and when it ends notifies: done (click: show it in its folder) or failed.
 *
 * Only the API's download route is ever saved; any other download of the app's session is
 * cancelled (the renderer has no other reason to download, and a page must not drop files).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import type { BrowserWindow, DownloadItem, Event, WebContents } from 'electron'
import { API_BASE } from '@shared/constants'
import { COMMON } from '@shared/api/common'
import { originOf } from '../windows/app-origin'
import type { Notifier } from './notifications'

export const DOWNLOAD_PATH = `${API_BASE}${COMMON.download.path}`

/** A URL of the API's download route at the configured API origin. */
export function isApiDownloadUrl(url: string, apiOrigin: string): boolean {
  if (typeof url !== 'string' || url.length > 8192) return false
  if (originOf(url) !== apiOrigin) return false
  const u = new URL(url)
  return u.pathname === DOWNLOAD_PATH && !u.username && !u.password
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i

/** A file name safe on every system: no folders, no reserved characters or names, not empty. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '')
  if (clean.length > 200) {
    const ext = extname(clean).slice(0, 20)
    clean = clean.slice(0, 200 - ext.length) + ext
  }
  if (!clean) clean = 'download'
  return WINDOWS_RESERVED.test(clean) ? `_${clean}` : clean
}

/** `dir/name`, or `dir/name (1).ext`, `(2)`… when taken. */
export function uniquePath(dir: string, name: string, exists: (p: string) => boolean = existsSync): string {
  const ext = extname(name)
  const stem = name.slice(0, name.length - ext.length)
  let candidate = join(dir, name)
  for (let i = 1; exists(candidate) && i < 1000; i++) candidate = join(dir, `${stem} (${i})${ext}`)
  return candidate
}

export interface DownloadDeps {
  apiOrigin: () => string
  /** the folder to save into (settings, else the system's Downloads folder) */
  downloadDir: () => string
  askWhereToSave: () => boolean
  getWindow: () => BrowserWindow | null
  notifier: Pick<Notifier, 'system'>
  showItemInFolder: (path: string) => void
  exists?: (path: string) => boolean
  ensureDir?: (dir: string) => void
}

export interface DownloadManager {
  /** start a download the renderer asked for; false when the URL is not the API's download route */
  start(contents: WebContents, url: string): boolean
  /** the session's will-download handler */
  handle(event: Event, item: DownloadItem, contents?: WebContents): void
  /** downloads in progress */
  readonly active: number
}

export function createDownloadManager(deps: DownloadDeps): DownloadManager {
  const active = new Set<DownloadItem>()
  const exists = deps.exists ?? existsSync
  const ensureDir = deps.ensureDir ?? ((dir: string) => mkdirSync(dir, { recursive: true }))

  function showProgress(): void {
    const win = deps.getWindow()
    if (!win || win.isDestroyed()) return
    if (active.size === 0) {
      win.setProgressBar(-1)
      return
    }
    let total = 0
    let received = 0
    for (const item of active) {
      const t = item.getTotalBytes()
      if (t <= 0) {
        win.setProgressBar(2) // size unknown: indeterminate
        return
      }
      total += t
      received += item.getReceivedBytes()
    }
    win.setProgressBar(Math.min(1, received / total))
  }

  return {
    start(contents, url) {
      if (!isApiDownloadUrl(url, deps.apiOrigin())) return false
      contents.downloadURL(url)
      return true
    },

    handle(event, item) {
      const url = item.getURL()
      if (!isApiDownloadUrl(url, deps.apiOrigin())) {
        console.warn(`[downloads] refused a download that is not the API's: ${url.slice(0, 200)}`)
        event.preventDefault()
        return
      }
      const name = sanitizeFileName(item.getFilename())
      const dir = deps.downloadDir()
      if (deps.askWhereToSave()) {
        item.setSaveDialogOptions({ title: '保存文件', defaultPath: join(dir, name), buttonLabel: '保存' })
      } else {
        try {
          ensureDir(dir)
          item.setSavePath(uniquePath(dir, name, exists))
        } catch (error) {
          // the folder cannot be made (removed drive, no permission): let the user choose
          console.warn('[downloads] download folder unusable, asking instead', error)
          item.setSaveDialogOptions({ title: '保存文件', defaultPath: name, buttonLabel: '保存' })
        }
      }
      active.add(item)
      showProgress()
      item.on('updated', () => showProgress())
      item.once('done', (_event, state) => {
        active.delete(item)
        showProgress()
        const savedAs = item.getSavePath()
        if (state === 'completed') {
          const reveal = () => deps.showItemInFolder(savedAs)
          deps.notifier.system({
            title: '下载完成',
            body: `${basename(savedAs) || name}（点击在文件夹中显示）`,
            onClick: reveal,
            actions: [{ text: '在文件夹中显示', run: reveal }],
          })
        } else if (state === 'interrupted') {
          deps.notifier.system({ title: '下载失败', body: `${name} 未能下载完成，请稍后重试` })
        }
        // cancelled (the user closed the save dialog or cancelled): nothing to report
      })
    },

    get active() {
      return active.size
    },
  }
}
