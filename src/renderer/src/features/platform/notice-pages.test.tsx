import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { PATHS } from '@shared/api/paths'
import { SITE_NAME } from '@shared/constants'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'

let api: FakeApi
afterEach(() => api?.restore())

const rows = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({
    noticeId: offset + i + 1,
    noticeType: 'GUIDE',
    title: `指南 ${offset + i + 1}`,
    createdAt: 1_700_000_000_000,
  }))

describe('notice list', () => {
  it('lists a type with the §9 paging defaults and pages on', async () => {
    api = fakeApi({
      [PATHS.noticeList]: (config) => {
        const { pageNum, pageSize } = config.params as { pageNum: number; pageSize: number }
        return {
          code: 200,
          rows: rows(Math.min(pageSize, 45 - (pageNum - 1) * pageSize), (pageNum - 1) * pageSize),
          total: 45,
        }
      },
    })
    const scroll = vi.mocked(window.scrollTo)
    renderApp('/platform/noticeList.html?noticeType=GUIDE')
    expect(await screen.findByText('指南 1')).toBeTruthy()
    expect(api.callsTo(PATHS.noticeList)[0]!.params).toEqual({
      noticeType: 'GUIDE',
      pageNum: 1,
      pageSize: 20,
    })
    expect(screen.getByText('共 45 条')).toBeTruthy()
    expect(screen.getByText('指南 1').closest('a')?.getAttribute('href')).toBe(
      '/platform/noticeDetail/1.html',
    )
    scroll.mockClear()
    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('指南 21')).toBeTruthy()
    expect(api.callsTo(PATHS.noticeList).at(-1)!.params).toEqual({
      noticeType: 'GUIDE',
      pageNum: 2,
      pageSize: 20,
    })
    await waitFor(() => expect(scroll).toHaveBeenCalled())
  })
})

describe('notice detail', () => {
  it('renders the title, the date and the content as text paragraphs, never HTML', async () => {
    api = fakeApi({
      '/platform/notice/29': ok({
        noticeId: 29,
        noticeType: 'AGREEMENT',
        title: '免责声明',
        content: '第一条 <b>不是粗体</b>\n\n第二条 <img src=x onerror=alert(1)>',
        createdAt: 1_700_000_000_000,
        updatedAt: 1_700_000_000_000,
      }),
    })
    renderApp('/platform/noticeDetail/29.html')
    expect(await screen.findByRole('heading', { name: '免责声明', level: 1 })).toBeTruthy()
    expect(screen.getByText('第一条 <b>不是粗体</b>')).toBeTruthy()
    expect(screen.getByText('第二条 <img src=x onerror=alert(1)>')).toBeTruthy()
    expect(document.querySelector('.notice-detail__content b, .notice-detail__content img')).toBeNull()
    expect(document.querySelectorAll('.notice-detail__content p')).toHaveLength(2)
    expect(screen.getByText(/发布时间：/)).toBeTruthy()
    await waitFor(() => expect(document.title).toBe(`免责声明 - ${SITE_NAME}`))
  })

  it('says so in place when the notice does not exist', async () => {
    api = fakeApi({ '/platform/notice/999': { code: 404, msg: '公告不存在' } })
    renderApp('/platform/noticeDetail/999.html')
    expect(await screen.findByText('该公告不存在或已下线')).toBeTruthy()
  })

  it('an address that is not {id}.html goes to 404', async () => {
    api = fakeApi({})
    const app = renderApp('/platform/noticeDetail/abc.html')
    await waitFor(() => expect(app.location()).toBe('/404.html'))
  })
})
