/**
 * App lifecycle of the desktop shell: one instance (a second launch — or a deep link — reaches the
 * first), a sandbox for every renderer, guards on every webContents, permissions denied by
 * default, the renderer served from app://marketplace, the IPC contract registered, then the main
 * window, the tray, the app menu, downloads, notifications, customer-service windows and the
 * seller's workbench window (tray / menu 卖家工作台).
 *
 * Closing the window keeps the app in the tray (the first time, a notice says so); 退出 in the
 * tray or the menu quits.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, dialog, session, shell, type BrowserWindow } from 'electron'
import { DEFAULT_DESKTOP_API_ORIGIN, SITE_NAME } from '@shared/constants'
import { CS_CHAT_PATH } from '@shared/desktop'
import { isAppRoutePath } from '@shared/live-events'
import { APP_ORIGIN, isTrustedUrl, rendererEntryUrl } from './windows/app-origin'
import { installAppMenu, showAbout } from './windows/app-menu'
import { buildCsp, handleAppProtocol, registerAppScheme } from './windows/app-protocol'
import { applyContentGuards, installPermissionHandlers, type GuardContext } from './windows/guards'
import { createMainWindow } from './windows/main-window'
import { createWorkbenchWindows } from './windows/workbench-window'
import { registerIpc } from './ipc/register'
import { send } from './ipc/handle'
import { createBadge, type Badge } from './services/badge'
import { createCustomerServiceWindows } from './services/cs-window'
import { deepLinkFromArgv, parseDeepLink, registerProtocolClient } from './services/deep-link'
import { createDownloadManager, type DownloadManager } from './services/downloads'
import { createNotifier, type Notifier } from './services/notifications'
import { resourcePath } from './services/resources'
import { createSettings, SettingsError, type Settings } from './services/settings'
import { createTokenVault, DeferredTokenVault } from './services/token-vault'
import { createTray, type AppTray } from './services/tray'
import { checkForUpdates } from './services/updater'

/** out/main once bundled: the preload and the renderer are its siblings */
const here = dirname(fileURLToPath(import.meta.url))
const PRELOAD_PATH = join(here, '../preload/index.cjs')
const RENDERER_DIR = join(here, '../renderer')
const APP_USER_MODEL_ID = 'com.youxi.market'

let mainWindow: BrowserWindow | null = null
let settings: Settings | null = null
let tray: AppTray | null = null
let badge: Badge | null = null
let notifier: Notifier | null = null
let downloads: DownloadManager | null = null
/** true once onReady has registered IPC and opened the first window */
let started = false
/** true once quitting for real (tray 退出, menu 退出, system shutdown): closing no longer hides */
let quitting = false
/** a route asked for before the renderer listened (deep link at launch); handed over on request */
let pendingRoute: string | null = null
/** the renderer asked for pending routes since its last load, so it hears 'nav:open' */
let rendererListening = false

/** the built-in customer-service conversation: same preload, webPreferences and guards as the main window */
const csWindows = createCustomerServiceWindows({
  preloadPath: PRELOAD_PATH,
  entryUrl: rendererEntryUrl,
  iconPath: resourcePath('icon.png'),
})
/** the seller's workbench: same preload, webPreferences and guards as the main window */
const workbench = createWorkbenchWindows({
  preloadPath: PRELOAD_PATH,
  entryUrl: rendererEntryUrl,
  iconPath: resourcePath('icon.png'),
})

function openExternal(url: string): void {
  shell.openExternal(url).catch((error: unknown) => console.warn('[main] openExternal failed', error))
}

/** shared by the guards of every webContents; apiOrigin is settled on ready */
const guards: GuardContext = {
  isTrustedUrl,
  apiOrigin: DEFAULT_DESKTOP_API_ORIGIN,
  openExternal,
}

function openMainWindow(): BrowserWindow {
  if (!settings) throw new Error('settings are created on ready, before any window')
  const startHidden = !started && settings.startMinimized() && tray !== null
  const win = createMainWindow({
    preloadPath: PRELOAD_PATH,
    url: rendererEntryUrl(),
    settings,
    iconPath: resourcePath('icon.png'),
    startHidden,
    closeToTray: tray
      ? {
          isQuitting: () => quitting || tray === null,
          onHidden: () => {
            if (settings?.firstTime('close-to-tray')) {
              notifier?.system({
                title: `${SITE_NAME}仍在运行`,
                body: '窗口已关闭，客户端在系统托盘中继续接收订单和消息提醒。在托盘图标的菜单中选择「退出」可完全退出。',
                onClick: showMainWindow,
              })
            }
          },
        }
      : undefined,
  })
  rendererListening = false
  win.webContents.on('did-start-loading', () => {
    rendererListening = false
  })
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  return win
}

/** Bring the window forward (create it if it is gone). */
function showMainWindow(): BrowserWindow | null {
  if (!started) return null // still starting: the first window is on its way
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = openMainWindow()
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.show()
  mainWindow.focus()
  badge?.refresh()
  return mainWindow
}

/** Show the window on a route of the renderer (tray, notification, deep link, menu). */
function openRoute(path: string): void {
  if (!isAppRoutePath(path)) return
  // a support reply's notification (and any other way to 在线客服) opens the customer-service window
  if (path.split('?')[0] === CS_CHAT_PATH) {
    csWindows.open({ path: CS_CHAT_PATH })
    return
  }
  const win = showMainWindow()
  if (win && rendererListening) send(win.webContents, 'nav:open', { path })
  else pendingRoute = path
}

function openSettingsDialog(): void {
  const win = showMainWindow()
  if (win) send(win.webContents, 'settings:open', {})
}

function handleDeepLink(link: string): void {
  const route = parseDeepLink(link)
  if (!route) {
    console.warn(`[main] ignored a deep link that is not one of ours: ${link.slice(0, 200)}`)
    return
  }
  openRoute(route)
}

function quit(): void {
  quitting = true
  app.quit()
}

function warnAboutMixedContent(apiOrigin: string): void {
  const { protocol, hostname } = new URL(apiOrigin)
  const loopback = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]'
  if (protocol === 'http:' && !loopback) {
    console.warn(
      `[main] API origin ${apiOrigin} is plain http: ${APP_ORIGIN} is a secure origin, so Chromium blocks it as mixed content; use https`,
    )
  }
}

function tellOnce(id: string, options: Electron.MessageBoxOptions): void {
  if (!settings?.firstTime(id)) return
  const parent = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null
  void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)).catch(
    () => undefined,
  )
}

async function chooseDownloadDir(): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    title: '选择下载目录',
    buttonLabel: '选择',
    defaultPath: settings?.downloadDir() ?? app.getPath('downloads'),
    properties: ['openDirectory', 'createDirectory'],
  }
  const result = mainWindow
    ? await dialog.showOpenDialog(mainWindow, options)
    : await dialog.showOpenDialog(options)
  return result.canceled ? null : (result.filePaths[0] ?? null)
}

async function onReady(): Promise<void> {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID)
  settings = createSettings()
  const current = settings
  const apiOrigin = current.apiOrigin()
  warnAboutMixedContent(apiOrigin)
  guards.apiOrigin = apiOrigin
  installPermissionHandlers(session.defaultSession, isTrustedUrl)
  handleAppProtocol({ root: RENDERER_DIR, csp: buildCsp(apiOrigin) })

  // the window does not wait for the keychain: IPC calls wait for the vault instead
  const vault = new DeferredTokenVault(createTokenVault(), () =>
    tellOnce('token-memory-only', {
      type: 'info',
      title: '登录状态不会被保存',
      message: '这台电脑没有可用的系统钥匙串，登录状态只保存在本次运行中。',
      detail:
        '下次启动客户端时需要重新登录。Linux 用户可安装并解锁 GNOME Keyring 或 KWallet，登录状态即可在重启后保留。',
      buttons: ['知道了'],
    }),
  )
  void vault.ready().then((v) => console.info(`[main] token vault: ${v.kind}; API origin: ${apiOrigin}`))

  notifier = createNotifier({
    enabled: (kind) => current.notificationsEnabled(kind),
    openRoute,
    iconPath: process.platform === 'linux' ? resourcePath('icon.png') : undefined,
  })
  downloads = createDownloadManager({
    apiOrigin: () => apiOrigin,
    downloadDir: () => current.downloadDir() ?? app.getPath('downloads'),
    askWhereToSave: () => current.askWhereToSave(),
    getWindow: () => mainWindow,
    notifier,
    showItemInFolder: (path) => shell.showItemInFolder(path),
  })
  const manager = downloads
  session.defaultSession.on('will-download', (event, item, contents) => manager.handle(event, item, contents))

  try {
    tray = createTray({
      iconPath: resourcePath('tray-icon.png'),
      actions: {
        open: () => void showMainWindow(),
        navigate: openRoute,
        openWorkbench: () => void workbench.open(),
        openSettings: openSettingsDialog,
        quit,
      },
    })
  } catch (error) {
    console.warn('[main] no tray on this desktop: closing the window quits', error)
    tray = null
  }
  badge = createBadge({ getWindow: () => mainWindow, setTrayUnread: (n) => tray?.setUnread(n) })
  installAppMenu(
    {
      navigate: openRoute,
      openWorkbench: () => void workbench.open(),
      openSettings: openSettingsDialog,
      about: () => void showAbout(mainWindow, app.getVersion(), resourcePath('icon.png')),
      quit,
    },
    { isPackaged: app.isPackaged },
  )

  registerIpc({
    vault,
    apiOrigin: () => apiOrigin,
    appVersion: () => app.getVersion(),
    openExternal: (url) => shell.openExternal(url),
    setBadge: (count) => badge?.set(count),
    notify: (notification) => notifier?.show(notification) ?? false,
    startDownload: (url) => {
      const win = mainWindow
      return win && !win.isDestroyed() ? manager.start(win.webContents, url) : false
    },
    openCustomerService: (request) => csWindows.open(request),
    settings: () => current.view(app.getPath('downloads')),
    updateSettings: (patch) => {
      try {
        return current.update(patch, app.getPath('downloads'))
      } catch (error) {
        // the renderer shows the message; anything else is a bug worth a stack
        if (error instanceof SettingsError) throw new Error(error.message, { cause: error })
        throw error
      }
    },
    chooseDownloadDir,
    relaunch: () => {
      app.relaunch()
      quit()
    },
    takePendingRoute: () => {
      rendererListening = true
      const route = pendingRoute
      pendingRoute = null
      return route
    },
    openInMain: openRoute,
    setWorkbenchCounts: (counts) => tray?.setCounts(counts),
  })

  if (app.isPackaged || process.env['MARKET_REGISTER_PROTOCOL'] === '1') registerProtocolClient(app)

  mainWindow = openMainWindow()
  started = true

  if (current.wasReset) {
    // a reset file has forgotten its notices too: this one shows once per reset
    tellOnce('settings-reset', {
      type: 'warning',
      title: '设置已重置',
      message: '设置文件已损坏或无法读取，已恢复为默认设置。',
      detail: '服务器地址、通知和下载目录等选项已恢复默认，可在「设置」中重新修改。',
      buttons: ['知道了'],
    })
  }
  void checkForUpdates({ isPackaged: app.isPackaged })
}

// --- before ready -------------------------------------------------------------------------
// tests and portable setups keep their data apart (also keeps their single-instance locks apart)
const userDataDir = process.env['MARKET_USER_DATA_DIR']
if (userDataDir) app.setPath('userData', userDataDir)

registerAppScheme()
app.enableSandbox()
if (!app.requestSingleInstanceLock()) {
  // another instance owns the lock; it receives 'second-instance' (with our argv: a deep link)
  app.quit()
} else {
  pendingRoute = deepLinkFromArgv(process.argv)
  app.on('second-instance', (_event, argv: string[]) => {
    const route = deepLinkFromArgv(argv ?? [])
    if (route) openRoute(route)
    else showMainWindow()
  })
  // macOS hands links over with open-url (also at launch, before ready)
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (started) handleDeepLink(url)
    else pendingRoute = parseDeepLink(url) ?? pendingRoute
  })
  // every webContents, now and later (customer-service windows, devtools), gets the guards
  app.on('web-contents-created', (_event, contents) => applyContentGuards(contents, guards))
  app.on('before-quit', () => {
    quitting = true
  })
  app.on('window-all-closed', () => {
    // with a tray the window only hides; without one (or when quitting) closing it quits, except on macOS
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => {
    csWindows.closeAll()
    workbench.close()
    tray?.destroy()
  })
  app.on('activate', () => {
    if (started) showMainWindow()
  })
  app
    .whenReady()
    .then(onReady)
    .catch((error: unknown) => {
      console.error('[main] startup failed', error)
      dialog.showErrorBox(
        '游侠易市 无法启动 / failed to start',
        error instanceof Error ? error.message : String(error),
      )
      app.exit(1)
    })
}
