/**
 * Settings of the desktop shell, kept with electron-store (a JSON file in userData) under a
 * schema: the server address, window bounds, notification preferences per kind, the download
 * folder, whether to ask where to save, whether to start minimised to the tray, and which one-time
 * notices were shown.
 *
 * A file that is not JSON or breaks the schema is reset to the defaults instead of crashing the
 * app, and `wasReset` says so (index.ts tells the user once). A stored server address that passes
 * the schema but is still no usable origin is reset too.
 */
import Store, { type Options, type Schema } from 'electron-store'
import { DEFAULT_DESKTOP_API_ORIGIN } from '@shared/constants'
import {
  normalizeApiOrigin,
  type DesktopSettings,
  type DesktopSettingsPatch,
  type NotificationPrefs,
  type SettingsSaveResult,
} from '@shared/desktop'
import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/live-events'

export { normalizeApiOrigin }

export interface WindowBounds {
  x?: number
  y?: number
  width: number
  height: number
}

export interface WindowState {
  bounds: WindowBounds
  maximized: boolean
}

export interface SettingsData {
  /** where the API server lives: scheme://host[:port], no path */
  apiOrigin: string
  window?: WindowState
  notifications: NotificationPrefs
  /** absent: the system's Downloads folder */
  downloadDir?: string
  askWhereToSave: boolean
  startMinimized: boolean
  /** ids of one-time notices already shown (close-to-tray, memory-only token, …) */
  noticesShown: string[]
}

/** The part of electron-store (conf) the settings use; tests pass a conf instance. */
export interface SettingsStore {
  get<K extends keyof SettingsData>(key: K): SettingsData[K]
  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void
  delete(key: keyof SettingsData): void
}

/** Environment variable that overrides the stored API origin (`npm run desktop` sets it). */
export const API_ORIGIN_ENV = 'MARKET_API_ORIGIN'

const boundsSchema = {
  type: 'object',
  properties: {
    x: { type: 'integer' },
    y: { type: 'integer' },
    width: { type: 'integer', minimum: 200, maximum: 100_000 },
    height: { type: 'integer', minimum: 200, maximum: 100_000 },
  },
  required: ['width', 'height'],
  additionalProperties: false,
} as const

export const DEFAULT_NOTIFICATIONS: NotificationPrefs = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, true]),
) as NotificationPrefs

export const settingsSchema: Schema<SettingsData> = {
  apiOrigin: { type: 'string', pattern: '^https?://[^/?#@\\s]+/?$', default: DEFAULT_DESKTOP_API_ORIGIN },
  window: {
    type: 'object',
    properties: { bounds: boundsSchema, maximized: { type: 'boolean' } },
    required: ['bounds', 'maximized'],
    additionalProperties: false,
  },
  notifications: {
    type: 'object',
    properties: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { type: 'boolean' }])),
    additionalProperties: false,
    default: DEFAULT_NOTIFICATIONS,
  },
  downloadDir: { type: 'string', minLength: 1, maxLength: 1024 },
  askWhereToSave: { type: 'boolean', default: false },
  startMinimized: { type: 'boolean', default: false },
  noticesShown: { type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 100, default: [] },
}

const DEFAULTS: SettingsData = {
  apiOrigin: DEFAULT_DESKTOP_API_ORIGIN,
  notifications: DEFAULT_NOTIFICATIONS,
  askWhereToSave: false,
  startMinimized: false,
  noticesShown: [],
}

export const settingsStoreOptions: Options<SettingsData> = {
  name: 'settings',
  schema: settingsSchema,
  defaults: DEFAULTS,
  clearInvalidConfig: false,
}

/** Opens the store: strictly first; a file that is not JSON or breaks the schema is reset. */
export type OpenSettingsStore = (options: Options<SettingsData>) => SettingsStore

export function openSettingsStore(open: OpenSettingsStore): { store: SettingsStore; wasReset: boolean } {
  try {
    return { store: open({ ...settingsStoreOptions, clearInvalidConfig: false }), wasReset: false }
  } catch (error) {
    console.warn('[settings] the settings file is unreadable or invalid; reset to the defaults:', error)
    return { store: open({ ...settingsStoreOptions, clearInvalidConfig: true }), wasReset: true }
  }
}

export class SettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SettingsError'
  }
}

const isAbsolutePath = (p: string) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\')

export interface Settings {
  /** the file was unreadable or broke the schema and was reset to the defaults at start */
  readonly wasReset: boolean
  /** the origin in effect: MARKET_API_ORIGIN when set and valid, else the stored one */
  apiOrigin(): string
  /** stores a new origin (validated; throws on a bad value) */
  setApiOrigin(origin: string): void
  windowState(): WindowState | undefined
  saveWindowState(state: WindowState): void
  notificationsEnabled(kind: NotificationKind): boolean
  /** the stored download folder, or undefined for the system's Downloads folder */
  downloadDir(): string | undefined
  askWhereToSave(): boolean
  startMinimized(): boolean
  /** true the first time it is asked for `id` (and remembers it); false afterwards */
  firstTime(id: string): boolean
  /** the settings dialog's view; `defaultDownloadDir` fills an unset download folder */
  view(defaultDownloadDir: string): DesktopSettings
  /** apply the dialog's (already parsed) patch; throws SettingsError on a bad value */
  update(patch: DesktopSettingsPatch, defaultDownloadDir: string): SettingsSaveResult
}

export function createSettings(
  opened: { store: SettingsStore; wasReset: boolean } = openSettingsStore(
    (options) => new Store<SettingsData>(options),
  ),
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const { store, wasReset } = opened
  const envOrigin = env[API_ORIGIN_ENV]
  const override = envOrigin ? normalizeApiOrigin(envOrigin) : null
  if (envOrigin && !override) {
    console.warn(
      `[settings] ignoring ${API_ORIGIN_ENV}=${JSON.stringify(envOrigin)}: not an http(s) origin without path`,
    )
  }
  const stored = normalizeApiOrigin(store.get('apiOrigin'))
  if (!stored) {
    console.warn('[settings] stored apiOrigin is invalid; reset to the default')
    store.set('apiOrigin', DEFAULT_DESKTOP_API_ORIGIN)
  }

  const prefs = (): NotificationPrefs => ({ ...DEFAULT_NOTIFICATIONS, ...(store.get('notifications') ?? {}) })
  const apiOrigin = () => override ?? normalizeApiOrigin(store.get('apiOrigin')) ?? DEFAULT_DESKTOP_API_ORIGIN

  const settings: Settings = {
    wasReset,
    apiOrigin,
    setApiOrigin(origin) {
      const normalized = normalizeApiOrigin(origin)
      if (!normalized) throw new SettingsError(`not an http(s) origin without path: ${origin}`)
      store.set('apiOrigin', normalized)
    },
    windowState: () => store.get('window'),
    saveWindowState(state) {
      try {
        store.set('window', {
          bounds: {
            ...(Number.isInteger(state.bounds.x) ? { x: state.bounds.x } : {}),
            ...(Number.isInteger(state.bounds.y) ? { y: state.bounds.y } : {}),
            width: Math.round(state.bounds.width),
            height: Math.round(state.bounds.height),
          },
          maximized: state.maximized,
        })
      } catch (error) {
        console.warn('[settings] window state not saved:', error)
      }
    },
    notificationsEnabled: (kind) => prefs()[kind] !== false,
    downloadDir: () => store.get('downloadDir') || undefined,
    askWhereToSave: () => store.get('askWhereToSave') === true,
    startMinimized: () => store.get('startMinimized') === true,
    firstTime(id) {
      const shown = store.get('noticesShown') ?? []
      if (shown.includes(id)) return false
      try {
        store.set('noticesShown', [...shown, id].slice(-100))
      } catch (error) {
        console.warn('[settings] notice flag not saved:', error)
      }
      return true
    },
    view(defaultDownloadDir) {
      return {
        apiOrigin: apiOrigin(),
        apiOriginFromEnvironment: override !== null,
        notifications: prefs(),
        downloadDir: settings.downloadDir() ?? defaultDownloadDir,
        askWhereToSave: settings.askWhereToSave(),
        startMinimized: settings.startMinimized(),
      }
    },
    update(patch, defaultDownloadDir) {
      const before = apiOrigin()
      // validate everything first: a bad field changes nothing
      let origin: string | undefined
      if (patch.apiOrigin !== undefined) {
        origin = normalizeApiOrigin(patch.apiOrigin) ?? undefined
        if (!origin) throw new SettingsError('服务器地址格式不正确')
      }
      if (patch.downloadDir !== undefined && !isAbsolutePath(patch.downloadDir)) {
        throw new SettingsError('下载目录必须是完整路径')
      }
      if (origin !== undefined) store.set('apiOrigin', origin)
      if (patch.notifications) store.set('notifications', { ...prefs(), ...patch.notifications })
      if (patch.downloadDir !== undefined) {
        if (patch.downloadDir === defaultDownloadDir) store.delete('downloadDir')
        else store.set('downloadDir', patch.downloadDir)
      }
      if (patch.askWhereToSave !== undefined) store.set('askWhereToSave', patch.askWhereToSave)
      if (patch.startMinimized !== undefined) store.set('startMinimized', patch.startMinimized)
      const stored = normalizeApiOrigin(store.get('apiOrigin'))
      return {
        settings: settings.view(defaultDownloadDir),
        // the app reads the origin once at start (CSP, guards): a change needs a restart
        restartRequired: override === null && stored !== before,
      }
    },
  }
  return settings
}
