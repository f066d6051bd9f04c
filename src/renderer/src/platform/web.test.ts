import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOKEN_COOKIE } from '@shared/constants'
import web, { withBadge } from './web'

describe('web platform', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the token in the Authorization cookie for 3 days, path /, SameSite=Lax', async () => {
    const writes: string[] = []
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value)
      descriptor.set!.call(document, value)
    })
    const before = Date.now()
    await web.setToken('abc.def')
    expect(web.getToken()).toBe('abc.def')
    const written = writes[0]!
    expect(written.startsWith(`${TOKEN_COOKIE}=abc.def;`)).toBe(true)
    expect(written).toContain('path=/')
    expect(written).toContain('SameSite=Lax')
    expect(written).not.toContain('Secure') // http in tests
    const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!)
    expect(expires - before).toBeGreaterThan(3 * 864e5 - 5000)
    expect(expires - before).toBeLessThan(3 * 864e5 + 5000)
    await web.clearToken()
    expect(web.getToken()).toBeUndefined()
  })

  it('uses /api and opens external links in a new tab without opener', () => {
    expect(web.apiBaseUrl()).toBe('/api')
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    web.openExternal('https://example.com')
    expect(open).toHaveBeenCalledWith('https://example.com', '_blank', 'noopener')
  })

  it('downloads through a temporary anchor', () => {
    const clicks: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this)
    })
    web.download('/api/common/download?fileName=a.xlsx&delete=true', 'a.xlsx')
    expect(clicks).toHaveLength(1)
    expect(clicks[0]!.getAttribute('href')).toBe('/api/common/download?fileName=a.xlsx&delete=true')
    expect(clicks[0]!.download).toBe('a.xlsx')
    expect(document.querySelectorAll('a').length).toBe(0)
  })

  it('shows the unread count as a (N) title prefix', () => {
    document.title = '首页 - 游侠易市'
    web.setBadge(3)
    expect(document.title).toBe('(3) 首页 - 游侠易市')
    web.setBadge(5)
    expect(document.title).toBe('(5) 首页 - 游侠易市')
    web.setBadge(0)
    expect(document.title).toBe('首页 - 游侠易市')
    expect(withBadge('(99+) x', 120)).toBe('(99+) x')
  })

  it('has no desktop settings', () => {
    expect(web.desktopSettings).toBeNull()
  })

  it('has no customer-service window: the conversation opens in the page', async () => {
    const open = vi.spyOn(window, 'open')
    await expect(web.openCustomerService({ path: '/service/chat.html?orderNo=YX1' })).resolves.toBe('inline')
    expect(open).not.toHaveBeenCalled()
  })

  it('notifies through the browser only when allowed and the page is hidden; a click opens the route', () => {
    const shown: Array<{
      title: string
      options: NotificationOptions
      onclick: (() => void) | null
      close: () => void
    }> = []
    class FakeNotification {
      static permission = 'default'
      onclick: (() => void) | null = null
      close = vi.fn()
      constructor(
        readonly title: string,
        readonly options: NotificationOptions,
      ) {
        shown.push(this)
      }
    }
    vi.stubGlobal('Notification', FakeNotification)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const n = { kind: 'paid' as const, title: '买家已付款', body: 'YX1', path: '/seller/sellOrder.html' }
    web.notify(n)
    expect(shown).toHaveLength(0) // never asked for the permission
    FakeNotification.permission = 'granted'
    visibility.mockReturnValue('visible')
    web.notify(n)
    expect(shown).toHaveLength(0) // the user is looking at the page
    visibility.mockReturnValue('hidden')
    const seen: string[] = []
    const off = web.onNavigate((path) => seen.push(path))
    web.notify(n)
    expect(shown[0]).toMatchObject({ title: '买家已付款', options: { body: 'YX1', tag: 'paid' } })
    shown[0]!.onclick!()
    expect(seen).toEqual(['/seller/sellOrder.html'])
    off()
    vi.unstubAllGlobals()
  })
})
