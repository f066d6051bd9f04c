/**
 * Settings of the desktop shell, kept with electron-store (a JSON file in userData) under a
 * schema. A file that is not JSON or breaks the schema is reset to the defaults
 * (clearInvalidConfig) instead of crashing the app; a stored API origin that passes the schema
 * but is still no usable origin is reset too.
 */
import Store, { type Options, type Schema } from 'electron-store'
import { DEFAULT_DESKTOP_API_ORIGIN } from '@shared/constants'

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
}

/** The part of electron-store (conf) the settings use; tests pass a conf instance. */
export interface SettingsStore {
  get<K extends keyof SettingsData>(key: K): SettingsData[K]
  set<K extends keyof SettingsData>(key: K, value: SettingsData[K]): void
  delete(key: keyof SettingsData): void
}

/** Environment variable that overrides the stored API origin (`npm run desktop` sets it). */
export const API_ORIGIN_ENV = 'MARKET_API_ORIGIN'

/**
 * `http(s)://host[:port]` of a value, or null: only http/https, no credentials, no path
 * (a lone trailing slash is tolerated), no query, no fragment.
 */
export function normalizeApiOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null
  let u: URL
  try {
    u = new URL(value.trim())
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/') return null
  if (/[?#]/.test(value)) return null // "http://x?" parses with an empty search
  return u.origin
}

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

export const settingsSchema: Schema<SettingsData> = {
  apiOrigin: { type: 'string', pattern: '^https?://[^/?#@\\s]+/?$', default: DEFAULT_DESKTOP_API_ORIGIN },
  window: {
    type: 'object',
    properties: { bounds: boundsSchema, maximized: { type: 'boolean' } },
    required: ['bounds', 'maximized'],
    additionalProperties: false,
  },
}

export const settingsStoreOptions: Options<SettingsData> = {
  name: 'settings',
  schema: settingsSchema,
  defaults: { apiOrigin: DEFAULT_DESKTOP_API_ORIGIN },
  clearInvalidConfig: true,
}

export interface Settings {
  /** the origin in effect: MARKET_API_ORIGIN when set and valid, else the stored one */
  apiOrigin(): string
  /** stores a new origin (validated; throws on a bad value) */
  setApiOrigin(origin: string): void
  windowState(): WindowState | undefined
  saveWindowState(state: WindowState): void
}

export function createSettings(
  store: SettingsStore = new Store<SettingsData>(settingsStoreOptions),
  env: NodeJS.ProcessEnv = process.env,
): Settings {
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

  return {
    apiOrigin: () => override ?? normalizeApiOrigin(store.get('apiOrigin')) ?? DEFAULT_DESKTOP_API_ORIGIN,
    setApiOrigin(origin) {
      const normalized = normalizeApiOrigin(origin)
      if (!normalized) throw new Error(`not an http(s) origin without path: ${origin}`)
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
  }
}
