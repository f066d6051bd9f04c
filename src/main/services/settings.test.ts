import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import Conf from 'conf'

vi.mock('electron', () => ({}))
// electron-store is conf plus Electron's userData folder: tests use conf in a temp folder
vi.mock('electron-store', () => ({ default: class {} }))

import type { Options } from 'electron-store'
import {
  createSettings,
  normalizeApiOrigin,
  openSettingsStore,
  type SettingsData,
  type SettingsStore,
} from './settings'

let dir: string
const file = () => join(dir, 'settings.json')

/** conf in a temp folder stands in for electron-store (conf plus Electron's userData folder) */
function openStore() {
  return openSettingsStore((options: Options<SettingsData>) => {
    const { name: _name, ...rest } = options
    return new Conf<SettingsData>({ ...rest, configName: 'settings', cwd: dir }) as unknown as SettingsStore
  })
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
    expect(store.store.get('apiOrigin')).toBe('http://localhost:8080')
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
    expect(settings.wasReset).toBe(true)
    expect(settings.apiOrigin()).toBe('http://localhost:8080')
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({ apiOrigin: 'http://localhost:8080' })
    expect(JSON.parse(readFileSync(file(), 'utf8')).window).toBeUndefined()
  })

  it('resets an apiOrigin that passes the schema pattern but is no URL', () => {
    writeFileSync(file(), JSON.stringify({ apiOrigin: 'http://:80' }))
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('http://localhost:8080')
    expect(JSON.parse(readFileSync(file(), 'utf8')).apiOrigin).toBe('http://localhost:8080')
  })

  it('resets a corrupt (non-JSON) file', () => {
    writeFileSync(file(), '{"apiOrigin": "http://loc')
    const settings = createSettings(openStore(), {})
    expect(settings.wasReset).toBe(true)
    expect(settings.apiOrigin()).toBe('http://localhost:8080')
    expect(settings.notificationsEnabled('order')).toBe(true)
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

describe('desktop preferences', () => {
  it('a valid file is not reported as reset', () => {
    createSettings(openStore(), {}).saveWindowState({
      bounds: { width: 1300, height: 800 },
      maximized: false,
    })
    expect(createSettings(openStore(), {}).wasReset).toBe(false)
  })

  it('resets a file whose notification preferences break the schema', () => {
    writeFileSync(
      file(),
      JSON.stringify({ apiOrigin: 'http://localhost:8080', notifications: { order: 'yes' } }),
    )
    const settings = createSettings(openStore(), {})
    expect(settings.wasReset).toBe(true)
    expect(settings.notificationsEnabled('order')).toBe(true)
  })

  it('shows the dialog view with defaults', () => {
    const view = createSettings(openStore(), {}).view('/home/u/Downloads')
    expect(view).toEqual({
      apiOrigin: 'http://localhost:8080',
      apiOriginFromEnvironment: false,
      notifications: {
        message: true,
        order: true,
        paid: true,
        delivered: true,
        bid: true,
        warrant: true,
        chat: true,
        ai: true,
        'saved-search': true,
        cs: true,
      },
      downloadDir: '/home/u/Downloads',
      askWhereToSave: false,
      startMinimized: false,
    })
  })

  it('updates preferences, keeps them, and asks for a restart only when the address changed', () => {
    const settings = createSettings(openStore(), {})
    const result = settings.update(
      {
        notifications: { bid: false },
        downloadDir: '/data/exports',
        askWhereToSave: true,
        startMinimized: true,
      },
      '/home/u/Downloads',
    )
    expect(result.restartRequired).toBe(false)
    const again = createSettings(openStore(), {})
    expect(again.notificationsEnabled('bid')).toBe(false)
    expect(again.notificationsEnabled('order')).toBe(true)
    expect(again.downloadDir()).toBe('/data/exports')
    expect(again.askWhereToSave()).toBe(true)
    expect(again.startMinimized()).toBe(true)

    expect(again.update({ apiOrigin: 'https://market.example.com/' }, '/d').restartRequired).toBe(true)
    expect(createSettings(openStore(), {}).apiOrigin()).toBe('https://market.example.com')
    // choosing the default folder again forgets the stored one
    again.update({ downloadDir: '/d' }, '/d')
    expect(again.downloadDir()).toBeUndefined()
  })

  it('refuses a bad address or a relative folder and changes nothing', () => {
    const settings = createSettings(openStore(), {})
    expect(() => settings.update({ apiOrigin: 'ftp://x', startMinimized: true }, '/d')).toThrow(
      '服务器地址格式不正确',
    )
    expect(() => settings.update({ downloadDir: 'relative/dir', startMinimized: true }, '/d')).toThrow(
      /完整路径/,
    )
    expect(settings.startMinimized()).toBe(false)
    expect(settings.update({ downloadDir: 'C:\\Users\\u\\下载' }, '/d').settings.downloadDir).toBe(
      'C:\\Users\\u\\下载',
    )
  })

  it('with MARKET_API_ORIGIN the address is read-only in effect and needs no restart', () => {
    const settings = createSettings(openStore(), { MARKET_API_ORIGIN: 'http://127.0.0.1:18980' })
    expect(settings.view('/d').apiOriginFromEnvironment).toBe(true)
    expect(settings.update({ apiOrigin: 'https://x.example.com' }, '/d').restartRequired).toBe(false)
    expect(settings.apiOrigin()).toBe('http://127.0.0.1:18980')
  })

  it('remembers one-time notices', () => {
    const settings = createSettings(openStore(), {})
    expect(settings.firstTime('close-to-tray')).toBe(true)
    expect(settings.firstTime('close-to-tray')).toBe(false)
    expect(createSettings(openStore(), {}).firstTime('close-to-tray')).toBe(false)
    expect(createSettings(openStore(), {}).firstTime('token-memory-only')).toBe(true)
  })
})
