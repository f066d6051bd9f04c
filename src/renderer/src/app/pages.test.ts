import { describe, expect, it } from 'vitest'
import { SITE_PAGE_RECORDS, type PageKey } from '@shared/pages/site'
import { menuComponent, pageLoaders, PAGES, pageSource, siteCandidates } from './pages'

describe('site pages', () => {
  it('finds the module of every record, and every …Page module is a record’s', () => {
    const named = new Set(SITE_PAGE_RECORDS.flatMap((r) => (r.page ? [r.page] : [])))
    expect(Object.keys(PAGES).sort()).toEqual([...named].sort())
    const files = Object.keys(import.meta.glob(['../features/*/*Page.tsx', '../features/*/*Page/index.tsx']))
    expect(files.sort()).toEqual([...named].map((page) => pageSource(page).replace(/^src\//, '../')).sort())
  })

  it('fails loudly for a record whose module does not exist', () => {
    const files = { '../features/home/HomePage/index.tsx': () => Promise.resolve({ default: () => null }) }
    expect(pageLoaders(['home/HomePage'], files, siteCandidates)['home/HomePage'].file).toBe(
      '../features/home/HomePage/index.tsx',
    )
    expect(() => pageLoaders(['home/HomePage', 'home/NoSuchPage'], files, siteCandidates)).toThrow(
      /features\/home\/NoSuchPage/,
    )
    // a page key is one of the records' modules, checked by the compiler too
    // @ts-expect-error not a page of the records
    const unknown: PageKey = 'home/NoSuchPage'
    expect(unknown).toBeTruthy()
  })

  it('names the server-rendered modules as the build manifest does', () => {
    expect(pageSource('home/HomePage')).toBe('src/features/home/HomePage/index.tsx')
    expect(pageSource('goods/ShopPage')).toBe('src/features/goods/ShopPage.tsx')
  })

  it('resolves the server menu names the records give', () => {
    expect(menuComponent('user/home')).toBe(PAGES['account/UserHomePage'])
    expect(menuComponent('platform/notice/list/index.vue')).toBe(PAGES['platform/NoticeListPage'])
    expect(menuComponent('buyer/buyOrder')).toBeUndefined()
  })
})
