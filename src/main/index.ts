/**
 * App lifecycle of the desktop shell: one instance, a sandbox for every renderer, guards on every
 * webContents, permissions denied by default, the renderer served from app://marketplace, the IPC
 * contract registered, then the main window.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, dialog, session, shell } from 'electron'
import { DEFAULT_DESKTOP_API_ORIGIN } from '@shared/constants'
import { APP_ORIGIN, isTrustedUrl, rendererEntryUrl } from './windows/app-origin'
import { buildCsp, handleAppProtocol, registerAppScheme } from './windows/app-protocol'
import { applyContentGuards, installPermissionHandlers, type GuardContext } from './windows/guards'
import { createMainWindow } from './windows/main-window'
import { registerIpc } from './ipc/register'
import { setBadge } from './services/badge'
import { resourcePath } from './services/resources'
import { createSettings, type Settings } from './services/settings'
import { createTokenVault } from './services/token-vault'

/** out/main once bundled: the preload and the renderer are its siblings */
const here = dirname(fileURLToPath(import.meta.url))
const PRELOAD_PATH = join(here, '../preload/index.cjs')
const RENDERER_DIR = join(here, '../renderer')

let mainWindow: BrowserWindow | null = null
let settings: Settings | null = null
/** true once onReady has registered IPC and opened the first window */
let started = false

function openExternal(url: string): void {
  shell.openExternal(url).catch((error: unknown) => console.warn('[main] openExternal failed', error))
}

/** shared by the guards of every webContents; apiOrigin is settled on ready */
const guards: GuardContext = { isTrustedUrl, apiOrigin: DEFAULT_DESKTOP_API_ORIGIN, openExternal }

function openMainWindow(): BrowserWindow {
  if (!settings) throw new Error('settings are created on ready, before any window')
  const win = createMainWindow({
    preloadPath: PRELOAD_PATH,
    url: rendererEntryUrl(),
    settings,
    iconPath: resourcePath('icon.png'),
  })
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null
  })
  return win
}

/** A second launch lands here: bring the existing window forward (or reopen it on macOS). */
function focusMainWindow(): void {
  if (!started) return // still starting: the first window is on its way
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = openMainWindow()
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.show()
  mainWindow.focus()
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

async function onReady(): Promise<void> {
  settings = createSettings()
  const apiOrigin = settings.apiOrigin()
  warnAboutMixedContent(apiOrigin)
  guards.apiOrigin = apiOrigin

  installPermissionHandlers(session.defaultSession, isTrustedUrl)
  handleAppProtocol({ root: RENDERER_DIR, csp: buildCsp(apiOrigin) })

  const vault = await createTokenVault()
  console.info(`[main] token vault: ${vault.kind}; API origin: ${apiOrigin}`)
  registerIpc({
    vault,
    apiOrigin: () => apiOrigin,
    appVersion: () => app.getVersion(),
    openExternal: (url) => shell.openExternal(url),
    setBadge,
  })

  mainWindow = openMainWindow()
  started = true
}

// --- before ready -------------------------------------------------------------------------
registerAppScheme()
app.enableSandbox()

if (!app.requestSingleInstanceLock()) {
  // another instance owns the lock; it receives 'second-instance' and focuses its window
  app.quit()
} else {
  app.on('second-instance', focusMainWindow)

  // every webContents, now and later (customer-service windows, devtools), gets the same guards
  app.on('web-contents-created', (_event, contents) => applyContentGuards(contents, guards))

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('activate', () => {
    if (started && BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow()
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
