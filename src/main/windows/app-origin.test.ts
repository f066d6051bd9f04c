import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({ app: { isPackaged: true } }))
vi.mock('electron', () => electron)

import { APP_ORIGIN, isTrustedUrl, originOf, rendererEntryUrl, trustedOrigins } from './app-origin'

describe('originOf', () => {
  it('builds the origin of app:, http: and https: URLs', () => {
    expect(originOf('app://marketplace/login.html?x=1')).toBe('app://marketplace')
    expect(originOf('APP://Marketplace/')).toBe('app://marketplace')
    expect(originOf('http://localhost:5173/detail/1.html')).toBe('http://localhost:5173')
    expect(originOf('https://example.com')).toBe('https://example.com')
  })

  it('has no origin for file:, data:, about:, javascript: and junk', () => {
    for (const url of [
      'file:///etc/passwd',
      'data:text/html,hi',
      'about:blank',
      'javascript:alert(1)',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(originOf(url)).toBeNull()
    }
  })
})

describe('trusted origins', () => {
  const saved = process.env['ELECTRON_RENDERER_URL']
  beforeEach(() => {
    electron.app.isPackaged = true
    delete process.env['ELECTRON_RENDERER_URL']
  })
  afterEach(() => {
    if (saved === undefined) delete process.env['ELECTRON_RENDERER_URL']
    else process.env['ELECTRON_RENDERER_URL'] = saved
  })

  it('trusts only app://marketplace when packaged, even with a dev URL in the environment', () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173'
    expect(trustedOrigins()).toEqual([APP_ORIGIN])
    expect(isTrustedUrl('app://marketplace/userHome.html')).toBe(true)
    expect(isTrustedUrl('http://localhost:5173/')).toBe(false)
    expect(rendererEntryUrl()).toBe('app://marketplace/')
  })

  it('adds the electron-vite dev server in development', () => {
    electron.app.isPackaged = false
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173'
    expect(isTrustedUrl('http://localhost:5173/login.html')).toBe(true)
    expect(isTrustedUrl('http://localhost:5174/')).toBe(false)
    expect(rendererEntryUrl()).toBe('http://localhost:5173')
  })

  it('never trusts other hosts of the scheme, file:// or look-alikes', () => {
    for (const url of [
      'app://evil/',
      'file:///work/out/renderer/index.html',
      'https://marketplace/',
      'app://marketplace.evil.com/',
    ]) {
      expect(isTrustedUrl(url)).toBe(false)
    }
  })
})
