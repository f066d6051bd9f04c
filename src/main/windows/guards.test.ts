import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session, WebContents } from 'electron'
import { FakeWebContents, navEvent } from '../testing/fakes'

const electron = vi.hoisted(() => ({ app: { isPackaged: true } }))
vi.mock('electron', () => electron)

import { isTrustedUrl } from './app-origin'
import {
  applyContentGuards,
  guardNavigation,
  handleWindowOpen,
  installPermissionHandlers,
  isPermissionAllowed,
  type GuardContext,
} from './guards'

function setup() {
  const contents = new FakeWebContents()
  const ctx: GuardContext = { isTrustedUrl, apiOrigin: 'http://localhost:8080', openExternal: vi.fn() }
  applyContentGuards(contents as unknown as WebContents, ctx)
  return { contents, ctx }
}

beforeEach(() => {
  electron.app.isPackaged = true
})

describe('navigation guard', () => {
  it('lets the app navigate within app://marketplace', () => {
    const { contents, ctx } = setup()
    for (const url of ['app://marketplace/login.html', 'app://marketplace/detail/12.html?x=1']) {
      const event = navEvent(url)
      contents.emit('will-navigate', event)
      expect(event.defaultPrevented).toBe(false)
    }
    expect(ctx.openExternal).not.toHaveBeenCalled()
  })

  it('prevents foreign navigations and hands plain web links to the system browser', () => {
    const { contents, ctx } = setup()
    const event = navEvent('https://www.example.com/')
    contents.emit('will-navigate', event)
    expect(event.defaultPrevented).toBe(true)
    expect(ctx.openExternal).toHaveBeenCalledWith('https://www.example.com/')
  })

  it('prevents file:, javascript:, other app hosts and the dev server once packaged, opening nothing', () => {
    const { contents, ctx } = setup()
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://evil/',
      'http://localhost:5173/',
      'data:text/html,x',
    ]) {
      const event = navEvent(url)
      contents.emit('will-navigate', event)
      expect(event.defaultPrevented, url).toBe(true)
    }
    expect(ctx.openExternal).toHaveBeenCalledTimes(1) // only the http dev-server URL, as an external link
    expect(ctx.openExternal).toHaveBeenCalledWith('http://localhost:5173/')
  })

  it('allows the dev server in development', () => {
    electron.app.isPackaged = false
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173'
    const { contents } = setup()
    const event = navEvent('http://localhost:5173/login.html')
    contents.emit('will-navigate', event)
    expect(event.defaultPrevented).toBe(false)
    delete process.env['ELECTRON_RENDERER_URL']
  })

  it('drops a navigation to the API (files go through download:start), opening nothing', () => {
    const { contents, ctx } = setup()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const url = 'http://localhost:8080/api/common/download?fileName=a.xlsx&delete=true&ticket=t'
    const event = navEvent(url)
    contents.emit('will-navigate', event)
    expect(event.defaultPrevented).toBe(true)
    expect(contents.downloadURL).not.toHaveBeenCalled()
    expect(ctx.openExternal).not.toHaveBeenCalled()
  })

  it('stops redirects away from the app without opening anything', () => {
    const { contents, ctx } = setup()
    const event = navEvent('https://phishing.example/')
    contents.emit('will-redirect', event)
    expect(event.defaultPrevented).toBe(true)
    expect(ctx.openExternal).not.toHaveBeenCalled()
  })

  it('refuses <webview>', () => {
    const { contents } = setup()
    const event = navEvent('')
    contents.emit('will-attach-webview', event)
    expect(event.defaultPrevented).toBe(true)
  })

  it('guardNavigation is the same rule, callable directly', () => {
    const { contents, ctx } = setup()
    const event = navEvent('https://example.com')
    guardNavigation(contents as unknown as WebContents, ctx, event)
    expect(event.defaultPrevented).toBe(true)
  })
})

describe('window-open handler', () => {
  it('denies every window', () => {
    const { contents } = setup()
    for (const url of [
      'https://example.com',
      'app://marketplace/warrantOrderHandler.html',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'about:blank',
    ]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    }
  })

  it('sends allowed http(s) links to the system browser, not javascript: or file:', () => {
    const { contents, ctx } = setup()
    contents.windowOpenHandler?.({ url: 'https://example.com/help' })
    contents.windowOpenHandler?.({ url: 'http://example.com/' })
    contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })
    contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })
    contents.windowOpenHandler?.({ url: 'ms-settings:privacy' })
    expect(vi.mocked(ctx.openExternal).mock.calls).toEqual([
      ['https://example.com/help'],
      ['http://example.com/'],
    ])
  })

  it('turns a new tab of our own app into an in-app navigation', () => {
    const { contents, ctx } = setup()
    handleWindowOpen(
      contents as unknown as WebContents,
      ctx,
      'app://marketplace/warrantOrderHandler.html?id=3#top',
    )
    expect(contents.send).toHaveBeenCalledWith('nav:open', { path: '/warrantOrderHandler.html?id=3#top' })
    expect(ctx.openExternal).not.toHaveBeenCalled()
  })
})

describe('permissions', () => {
  it('allows only notifications and sanitized clipboard writes, only to our origin', () => {
    expect(isPermissionAllowed('notifications', 'app://marketplace/', isTrustedUrl)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://marketplace', isTrustedUrl)).toBe(true)
    for (const p of [
      'media',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'hid',
      'unknown',
    ]) {
      expect(isPermissionAllowed(p, 'app://marketplace/', isTrustedUrl), p).toBe(false)
    }
    expect(isPermissionAllowed('notifications', 'https://evil.example/', isTrustedUrl)).toBe(false)
    expect(isPermissionAllowed('notifications', undefined, isTrustedUrl)).toBe(false)
  })

  it('installs request and check handlers on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
    installPermissionHandlers(session as unknown as Session, isTrustedUrl)
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (...a: unknown[]) => void
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (...a: unknown[]) => boolean
    const contents = new FakeWebContents()

    const answers: boolean[] = []
    request(contents, 'notifications', (ok: boolean) => answers.push(ok), {
      requestingUrl: 'app://marketplace/',
    })
    request(contents, 'media', (ok: boolean) => answers.push(ok), { requestingUrl: 'app://marketplace/' })
    request(contents, 'geolocation', (ok: boolean) => answers.push(ok), {
      requestingUrl: 'app://marketplace/',
    })
    expect(answers).toEqual([true, false, false])

    expect(check(contents, 'notifications', 'app://marketplace', {})).toBe(true)
    expect(check(contents, 'clipboard-read', 'app://marketplace', {})).toBe(false)
    expect(check(null, 'notifications', 'https://evil.example', {})).toBe(false)
  })
})

describe('customer-service windows (restricted origin)', () => {
  function restricted() {
    const contents = new FakeWebContents()
    contents.url = 'https://kefu.example.com/chat'
    const ctx: GuardContext = {
      isTrustedUrl,
      apiOrigin: 'http://localhost:8080',
      openExternal: vi.fn(),
      restrictedOrigin: (c) => (c === (contents as unknown) ? 'https://kefu.example.com' : null),
    }
    applyContentGuards(contents as unknown as WebContents, ctx)
    return { contents, ctx }
  }

  it('navigates only within the service origin, never into our app', () => {
    const { contents, ctx } = restricted()
    const inside = navEvent('https://kefu.example.com/chat/2?x=1')
    contents.emit('will-navigate', inside)
    expect(inside.defaultPrevented).toBe(false)
    for (const url of [
      'app://marketplace/userHome.html',
      'https://kefu.example.com.evil.com/',
      'http://kefu.example.com/',
    ]) {
      const event = navEvent(url)
      contents.emit('will-navigate', event)
      expect(event.defaultPrevented, url).toBe(true)
    }
    const redirect = navEvent('https://sso.other.example/login')
    contents.emit('will-redirect', redirect)
    expect(redirect.defaultPrevented).toBe(true)
    // a link away goes to the system browser (not the app:// one)
    expect(vi.mocked(ctx.openExternal).mock.calls).toEqual([
      ['https://kefu.example.com.evil.com/'],
      ['http://kefu.example.com/'],
    ])
  })

  it('opens no window: allowed links go to the system browser, app links nowhere', () => {
    const { contents, ctx } = restricted()
    expect(contents.windowOpenHandler?.({ url: 'https://help.example.com/' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler?.({ url: 'app://marketplace/userHome.html' })).toEqual({
      action: 'deny',
    })
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(vi.mocked(ctx.openExternal).mock.calls).toEqual([['https://help.example.com/']])
    expect(contents.send).not.toHaveBeenCalled()
  })
})
