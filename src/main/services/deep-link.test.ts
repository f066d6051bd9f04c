import { describe, expect, it, vi } from 'vitest'
import { deepLinkFromArgv, parseDeepLink, registerProtocolClient } from './deep-link'
import { isAppRoutePath } from '@shared/live-events'

describe('deep links', () => {
  it('maps the accepted forms to routes', () => {
    const cases: Array<[string, string]> = [
      ['youxi-market://detail/123', '/detail/123.html'],
      ['youxi-market://detail/123/', '/detail/123.html'],
      ['YOUXI-MARKET://Detail/7', '/detail/7.html'],
      ['youxi-market://shop/45', '/shop/45.html'],
      ['youxi-market://notice/30', '/platform/noticeDetail/30.html'],
      ['youxi-market://list?gameId=3', '/list.html?gameId=3'],
      ['youxi-market://list', '/list.html'],
      ['youxi-market://messages', '/message/userMessage.html'],
      ['youxi-market://sold', '/seller/sellOrder.html'],
      ['youxi-market://home', '/'],
    ]
    for (const [link, route] of cases) {
      expect(parseDeepLink(link), link).toBe(route)
      expect(isAppRoutePath(route)).toBe(true)
    }
  })

  it('refuses everything else', () => {
    for (const link of [
      'youxi-market://detail/abc',
      'youxi-market://detail/0',
      'youxi-market://detail/1e3',
      'youxi-market://detail/12/extra',
      'youxi-market://detail/..%2F..%2Fetc',
      'youxi-market://detail/12?x=1',
      'youxi-market://detail/12#frag',
      'youxi-market://user:pw@detail/12',
      'youxi-market://detail:80/12',
      'youxi-market://list?gameId=3&evil=1',
      'youxi-market://list?gameId=javascript:alert(1)',
      'youxi-market://userHome',
      'youxi-market://messages/1',
      'youxi-market:detail/12',
      'youxi-market:///etc/passwd',
      'https://detail/12',
      'javascript:alert(1)',
      `youxi-market://detail/${'1'.repeat(3000)}`,
      '',
      42,
      null,
    ]) {
      expect(parseDeepLink(link), String(link)).toBeNull()
    }
  })

  it('finds the link among command-line arguments (Windows/Linux)', () => {
    expect(deepLinkFromArgv(['/opt/app/youxi-market', '--no-sandbox', 'youxi-market://detail/9'])).toBe(
      '/detail/9.html',
    )
    expect(deepLinkFromArgv(['/opt/app/youxi-market', 'youxi-market://evil/9'])).toBeNull()
    expect(deepLinkFromArgv(['/opt/app/youxi-market', '--allow-file-access'])).toBeNull()
  })

  it('registers the scheme, with the app path in development', () => {
    const app = { setAsDefaultProtocolClient: vi.fn((..._args: unknown[]) => true) }
    registerProtocolClient(app as never, { defaultApp: false, argv: ['/app/youxi'], execPath: '/app/youxi' })
    registerProtocolClient(app as never, {
      defaultApp: true,
      argv: ['/electron', 'out/main/index.js'],
      execPath: '/electron',
    })
    expect(app.setAsDefaultProtocolClient.mock.calls[0]).toEqual(['youxi-market'])
    expect(app.setAsDefaultProtocolClient.mock.calls[1]![0]).toBe('youxi-market')
    expect(app.setAsDefaultProtocolClient.mock.calls[1]![1]).toBe('/electron')
    expect(String((app.setAsDefaultProtocolClient.mock.calls[1] as unknown[])[2])).toMatch(
      /out[\\/]main[\\/]index\.js$/,
    )
  })
})
