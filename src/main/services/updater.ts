/**
 * Auto-update with electron-updater, packaged builds only. The feed is the generic publish URL of
 * electron-builder.yml (written into app-update.yml at packaging; MARKET_UPDATE_URL at build time).
 * Any failure (offline, no feed) is logged and otherwise ignored: the app works without updates.
 */
export interface UpdaterLike {
  checkForUpdatesAndNotify(): Promise<unknown>
  on?(event: 'error', listener: (error: Error) => void): unknown
}

export async function loadUpdater(): Promise<UpdaterLike | null> {
  try {
    // CommonJS package: its exports arrive on the default export under ESM
    const mod = (await import('electron-updater')) as unknown as {
      default?: { autoUpdater?: UpdaterLike }
      autoUpdater?: UpdaterLike
    }
    return mod.autoUpdater ?? mod.default?.autoUpdater ?? null
  } catch (error) {
    console.warn('[updater] electron-updater unavailable', error)
    return null
  }
}

/** Checks for an update once at start (packaged builds only); resolves whatever happens. */
export async function checkForUpdates(opts: {
  isPackaged: boolean
  load?: () => Promise<UpdaterLike | null>
}): Promise<'skipped' | 'checked' | 'failed'> {
  if (!opts.isPackaged) return 'skipped'
  const updater = await (opts.load ?? loadUpdater)()
  if (!updater) return 'failed'
  updater.on?.('error', (error) => console.warn('[updater]', error.message))
  try {
    await updater.checkForUpdatesAndNotify()
    return 'checked'
  } catch (error) {
    console.warn('[updater] update check failed', error)
    return 'failed'
  }
}
