import { describe, expect, it } from 'vitest'
import { CONSOLE_PAGE_COMPONENTS } from '@shared/pages/console'
import { pageLoaders } from '@renderer/app/pages'
import { CONSOLE_PAGES, consoleCandidates, consolePage } from './registry'

describe('console page registry', () => {
  it('has a page file for every record, and a record for every page file', () => {
    expect(Object.keys(CONSOLE_PAGES).sort()).toEqual([...CONSOLE_PAGE_COMPONENTS].sort())
    const files = Object.keys(import.meta.glob('./pages/*/index.tsx')).sort()
    expect(files).toEqual(CONSOLE_PAGE_COMPONENTS.flatMap(consoleCandidates).sort())
  })

  it('fails loudly for a record whose file does not exist', () => {
    const files = { './pages/Dashboard/index.tsx': () => Promise.resolve({ default: () => null }) }
    expect(Object.keys(pageLoaders(['Dashboard'], files, consoleCandidates))).toEqual(['Dashboard'])
    expect(() => pageLoaders(['Dashboard', 'NoSuchPage'], files, consoleCandidates)).toThrow(/NoSuchPage/)
  })

  it('answers undefined for a component no record names (the 建设中 page)', () => {
    expect(consolePage('Dashboard')).toBe(CONSOLE_PAGES.Dashboard)
    expect(consolePage('NoSuchPage')).toBeUndefined()
    expect(consolePage('toString')).toBeUndefined()
    expect(consolePage(undefined)).toBeUndefined()
  })
})
