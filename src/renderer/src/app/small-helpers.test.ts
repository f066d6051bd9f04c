import { describe, expect, it } from 'vitest'
import { SITE_NAME } from '@shared/constants'
import type { RouterItem } from '@shared/api/system'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import { findRuntimeRoute, flattenMenus, joinMenuPath } from '@renderer/utils/menu'
import { menuComponent, normalizeComponentName } from './pages'
import { gameSeo, pageTitle, setSeoMeta } from './seo'
import { isSameLocation } from './use-safe-navigate'

describe('page title and SEO', () => {
  it('is "title - site", or the site name alone', () => {
    expect(pageTitle('登录')).toBe(`登录 - ${SITE_NAME}`)
    expect(pageTitle(undefined)).toBe(SITE_NAME)
    expect(pageTitle('')).toBe(SITE_NAME)
  })
  it('builds the game list SEO from nameCn and nameEn', () => {
    const seo = gameSeo({ nameCn: '原神', nameEn: 'Genshin Impact' })
    expect(seo.title).toBe(`原神(Genshin Impact)账号交易 - ${SITE_NAME}`)
    expect(seo.keywords).toContain('原神账号交易')
    expect(seo.keywords).toContain('Genshin Impact')
    expect(seo.description).toContain('原神(Genshin Impact)')
  })
  it('sets and restores the meta tags', () => {
    document.head.innerHTML =
      '<meta name="keywords" content="默认关键词"><meta name="description" content="默认描述">'
    setSeoMeta({ keywords: 'k', description: 'd' })
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content).toBe('k')
    setSeoMeta()
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]')!.content).toBe('默认关键词')
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')!.content).toBe('默认描述')
  })
})

describe('duplicate navigation', () => {
  const here = { pathname: '/list.html', search: '?gameId=1', hash: '' }
  it('recognises the current location, relative or absolute', () => {
    expect(isSameLocation('/list.html?gameId=1', here)).toBe(true)
    expect(isSameLocation({ pathname: '/list.html', search: '?gameId=1' }, here)).toBe(true)
    expect(isSameLocation('list.html?gameId=1', { ...here, pathname: '/list.html' })).toBe(false)
    expect(isSameLocation('/list.html?gameId=2', here)).toBe(false)
    expect(isSameLocation('/list.html', here)).toBe(false)
  })
})

describe('login redirect', () => {
  it('carries the original address, encoded', () => {
    expect(loginPathWithRedirect('/buyer/pay.html?orderId=3&x=a b')).toBe(
      `/login.html?redirect=${encodeURIComponent('/buyer/pay.html?orderId=3&x=a b')}`,
    )
  })
  it('does not point back at the login page or home', () => {
    expect(loginPathWithRedirect('/login.html?redirect=%2Fx')).toBe('/login.html')
    expect(loginPathWithRedirect('/login')).toBe('/login.html')
    expect(loginPathWithRedirect('/')).toBe('/login.html')
  })
})

describe('run-time routes', () => {
  const menus: RouterItem[] = [
    {
      path: '/trade',
      component: 'Layout',
      meta: { title: '交易' },
      children: [
        { path: 'orders', component: 'trade/orders/index', meta: { title: '订单' } },
        {
          path: 'more',
          component: 'ParentView',
          meta: { title: '更多' },
          children: [{ path: 'stats', component: 'trade/stats', meta: { title: '统计' }, hidden: true }],
        },
        { path: 'https://help.example.com', component: 'Layout', meta: { title: '帮助' } },
      ],
    },
    { path: '/userHome', component: 'userHome', meta: { title: '个人中心' } },
  ]
  it('nests Layout/ParentView nodes and lists pages with full paths', () => {
    expect(flattenMenus(menus).map((r) => [r.fullPath, r.component])).toEqual([
      ['/trade/orders', 'trade/orders/index'],
      ['/trade/more/stats', 'trade/stats'],
      ['/userHome', 'userHome'],
    ])
    expect(findRuntimeRoute(menus, '/trade/more/stats/')?.title).toBe('统计')
    expect(findRuntimeRoute(menus, '/trade')).toBeUndefined()
  })
  it('joins paths', () => {
    expect(joinMenuPath('/a/', 'b')).toBe('/a/b')
    expect(joinMenuPath('/a', '/abs')).toBe('/abs')
    expect(joinMenuPath('', 'x')).toBe('/x')
  })
  it('loads known components by name and leaves unknown ones to the 建设中 page', () => {
    expect(normalizeComponentName('/platform/noticeList/index.vue')).toBe('platform/noticeList')
    expect(menuComponent('platform/noticeList/index')).toBeDefined()
    expect(menuComponent('no/such/page')).toBeUndefined()
  })
})
