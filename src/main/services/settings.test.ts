import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import Conf from 'conf'

vi.mock('electron', () => ({}))
// electron-store is conf plus Electron's userData folder: tests use conf in a temp folder
vi.mock('electron-store', () => ({ default: class {} }))

import {
  createSettings,
  normalizeApiOrigin,
  settingsStoreOptions,
  type SettingsData,
  type SettingsStore,
} from './settings'

let dir: string
const file = () => join(dir, 'settings.json')

function openStore(): SettingsStore {
  const { name: _name, ...options } = settingsStoreOptions
  return new Conf<SettingsData>({ ...options, configName: 'settings', cwd: dir }) as unknown as SettingsStore
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-'))
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('normalizeApiOrigin', () => {
  it('accepts http(s) origins, with or without a trailing slash', () => {
    expect(normalizeApiOrigin('http://localhost:8080')).toBe('http://localhost:8080')
    expect(normalizeApiOrigin('https://api.example.com/')).toBe('https://api.example.com')
    expect(normalizeApiOrigin('HTTPS://API.Example.com:443')).toBe('https://api.example.com')
  })

  it('refuses paths, queries, credentials, other schemes and non-strings', () => {
    for (const bad of [
      'http://x.com/api',
      'http://x.com?a=1',
      'http://x.com#a',
      'http://u:p@x.com',
      'ftp://x.com',
      'file:///x',
      'app://marketplace',
      'localhost:8080',
      '',
      42,
      null,
    ]) {
      expect(normalizeApiOrigin(bad), String(bad)).toBeNull()
    }
  })
})

describe('settings', () => {
  it('defaults the API origin to DEFAULT_DESKTOP_API_ORIGIN', () => {
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('http://localhost:8080')
  })

  it('lets MARKET_API_ORIGIN override the stored origin, without storing it', () => {
    const store = openStore()
    const settings = createSettings(store, { MARKET_API_ORIGIN: 'https://market.example.com/' })
    expect(settings.apiOrigin()).toBe('https://market.example.com')
    expect(store.get('apiOrigin')).toBe('http://localhost:8080')
  })

  it('ignores an invalid MARKET_API_ORIGIN', () => {
    expect(createSettings(openStore(), { MARKET_API_ORIGIN: 'http://x.com/api' }).apiOrigin()).toBe(
      'http://localhost:8080',
    )
  })

  it('stores a valid origin and refuses an invalid one', () => {
    const settings = createSettings(openStore(), {})
    settings.setApiOrigin('https://api.example.com/')
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('https://api.example.com')
    expect(() => settings.setApiOrigin('https://api.example.com/api')).toThrow()
  })

  it('resets a file whose apiOrigin breaks the schema instead of crashing', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        apiOrigin: 'ftp://x/y',
        window: { bounds: { width: 1300, height: 800 }, maximized: false },
      }),
    )
    const settings = createSettings(openStore(), {})
    expect(settings.apiOrigin()).toBe('http://localhost:8080')
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ apiOrigin: 'http://localhost:8080' })
  })

  it('resets an apiOrigin that passes the schema pattern but is no URL', () => {
    writeFileSync(file(), JSON.stringify({ apiOrigin: 'http://:80' }))
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('http://localhost:8080')
    expect(JSON.parse(readFileSync(file(), 'utf8')).apiOrigin).toBe('http://localhost:8080')
  })

  it('resets a corrupt (non-JSON) file', () => {
    writeFileSync(file(), '{"apiOrigin": "http://loc')
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('http://localhost:8080')
  })

  it('keeps window state and drops an invalid one', () => {
    const settings = createSettings(openStore(), {})
    expect(settings.windowState()).toBeUndefined()
    settings.saveWindowState({ bounds: { x: 10, y: 20, width: 1280.4, height: 800 }, maximized: true })
    expect(createSettings(openStore(), {}).windowState()).toEqual({
      bounds: { x: 10, y: 20, width: 1280, height: 800 },
      maximized: true,
    })
    settings.saveWindowState({ bounds: { width: 10, height: 10 }, maximized: false }) // below the schema minimum: not saved
    expect(settings.windowState()?.bounds.width).toBe(1280)
  })
})
