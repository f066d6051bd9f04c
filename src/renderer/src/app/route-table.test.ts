import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router-dom'
import { SITE_PAGE_RECORDS } from '@shared/pages/site'
import { footerMarginTop, idFromHtmlSegment, ROUTES } from './route-table'

const byPath = new Map(ROUTES.map((r) => [r.path, r]))

describe('route table', () => {
  it('holds every record of src/shared/pages/site.ts, in order, each path once', () => {
    expect(ROUTES.map((r) => r.path)).toEqual(SITE_PAGE_RECORDS.map((r) => r.path))
    expect(byPath.size).toBe(ROUTES.length)
    for (const record of SITE_PAGE_RECORDS) {
      expect(byPath.get(record.path), record.path).toMatchObject({
        routePath: record.routePath ?? record.path,
        title: record.title,
        auth: record.auth,
        layout: record.layout,
        section: record.section,
      })
    }
  })

  it('every entry has a title, a layout and a built flag', () => {
    for (const r of ROUTES) {
      expect(r.title, r.path).not.toBe('')
      expect(['main', 'standalone']).toContain(r.layout)
      expect(typeof r.built).toBe('boolean')
      expect(typeof r.auth).toBe('boolean')
    }
  })

  it('needs a login for the personal areas', () => {
    const needsLogin = ROUTES.filter((r) =>
      /^\/(buyer|seller|agencySale|user|account|message)\//.test(r.path),
    )
    expect(needsLogin.length).toBe(11 + 11 + 2 + 6 + 2 + 2 + 2)
    for (const r of needsLogin) expect(r.auth, r.path).toBe(true)
    for (const p of [
      '/userHome.html',
      '/warrantOrderHandler.html',
      '/order/transferCollect.html',
      '/ai/my.html',
      '/ai/myCollect.html',
      '/ai/aiDraw.html',
      '/my/center',
      '/desktop/workbench',
    ]) {
      expect(byPath.get(p)?.auth, p).toBe(true)
    }
  })

  it('keeps lists, detail, shop, notices, home and login public', () => {
    for (const p of [
      '/',
      '/list.html',
      '/detail/{goodsId}.html',
      '/shop/{shopId}.html',
      '/platform/noticeList.html',
      '/platform/noticeDetail/{noticeId}.html',
      '/record/list.html',
      '/ai/aiDrawList.html',
      '/login.html',
      '/register.html',
      '/404.html',
    ]) {
      expect(byPath.get(p)?.auth, p).toBe(false)
    }
  })

  it('marks the built pages', () => {
    const built = ROUTES.filter((r) => r.built).map((r) => r.path)
    expect(built).toEqual(
      expect.arrayContaining([
        '/',
        '/login.html',
        '/register.html',
        '/404.html',
        '/platform/noticeList.html',
        '/platform/noticeDetail/{noticeId}.html',
        '/userHome.html',
      ]),
    )
    expect(byPath.get('/buyer/buyOrder.html')?.built).toBe(true)
    expect(byPath.get('/user/userBase.html')?.built).toBe(true)
    expect(byPath.get('/agencySale/agencySaleGoods.html')?.built).toBe(true)
    expect(byPath.get('/agencySale/agencySaleOrder.html')?.built).toBe(true)
    for (const r of ROUTES) expect(r.built, r.path).toBe(Boolean(r.page || r.redirect))
  })

  it('puts login, register and the guaranteed orders outside the main layout', () => {
    for (const p of ['/login.html', '/register.html', '/warrantOrderHandler.html', '/love.html']) {
      expect(byPath.get(p)?.layout).toBe('standalone')
    }
    expect(byPath.get('/')?.layout).toBe('main')
  })

  it('matches {id}.html addresses through a whole-segment parameter', () => {
    const routes = ROUTES.map((r) => ({ path: r.routePath, id: r.path }))
    const match = (url: string) => matchRoutes(routes, url)?.[0]
    expect(match('/platform/noticeDetail/29.html')?.route.id).toBe('/platform/noticeDetail/{noticeId}.html')
    expect(match('/platform/noticeDetail/29.html')?.params.file).toBe('29.html')
    expect(match('/detail/123.html')?.route.id).toBe('/detail/{goodsId}.html')
    expect(match('/shop/7.html')?.route.id).toBe('/shop/{shopId}.html')
    expect(match('/no/such/page.html')).toBeUndefined()
  })
})

describe('idFromHtmlSegment', () => {
  it('parses {id}.html and rejects anything else', () => {
    expect(idFromHtmlSegment('29.html')).toBe(29)
    expect(idFromHtmlSegment('0.html')).toBeNull()
    expect(idFromHtmlSegment('abc.html')).toBeNull()
    expect(idFromHtmlSegment('29')).toBeNull()
    expect(idFromHtmlSegment(undefined)).toBeNull()
  })
})

describe('footerMarginTop', () => {
  it('is 0 on notice list, notice detail, feedback and aiDraw, 50 elsewhere', () => {
    expect(footerMarginTop('/platform/noticeList.html')).toBe(0)
    expect(footerMarginTop('/platform/noticeDetail/29.html')).toBe(0)
    expect(footerMarginTop('/platform/feedback.html')).toBe(0)
    expect(footerMarginTop('/platform/aiDraw.html')).toBe(0)
    expect(footerMarginTop('/ai/aiDraw.html')).toBe(0)
    expect(footerMarginTop('/')).toBe(50)
    expect(footerMarginTop('/userHome.html')).toBe(50)
  })
})
