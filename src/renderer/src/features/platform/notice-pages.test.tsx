import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { NOTICE, type NoticeBrief } from '@shared/api/notice'
import { SITE_NAME } from '@shared/constants'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import NoticeListPage from './NoticeListPage'
import NoticeDetailPage from './NoticeDetailPage'

let server: FakeServer
afterEach(() => server?.restore())

const rows = (n: number, offset = 0): NoticeBrief[] =>
  Array.from({ length: n }, (_, i) => ({
    noticeId: offset + i + 1,
    noticeType: 'GUIDE',
    title: `指南 ${offset + i + 1}`,
    createdAt: 1_700_000_000_000,
  }))

const DETAIL_PATH = '/platform/noticeDetail/:file'

describe('notice list', () => {
  it('lists a type with the paging defaults (page 1, 20 a page) and pages on', async () => {
    server = fakeServer().on(NOTICE.list, ({ query }) => {
      const { pageNum = 1, pageSize = 20 } = query
      return {
        rows: rows(Math.min(pageSize, 45 - (pageNum - 1) * pageSize), (pageNum - 1) * pageSize),
        total: 45,
      }
    })
    const scroll = vi.mocked(window.scrollTo)
    renderPage(<NoticeListPage />, { url: '/platform/noticeList.html?noticeType=GUIDE' })
    expect(await screen.findByText('指南 1')).toBeTruthy()
    expect(server.callsTo(NOTICE.list)[0]!.query).toEqual({ noticeType: 'GUIDE', pageNum: 1, pageSize: 20 })
    expect(screen.getByText('共 45 条')).toBeTruthy()
    expect(screen.getByText('指南 1').closest('a')?.getAttribute('href')).toBe(
      '/platform/noticeDetail/1.html',
    )
    scroll.mockClear()
    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('指南 21')).toBeTruthy()
    expect(server.callsTo(NOTICE.list).at(-1)!.query).toEqual({
      noticeType: 'GUIDE',
      pageNum: 2,
      pageSize: 20,
    })
    await waitFor(() => expect(scroll).toHaveBeenCalled())
  })
})

describe('notice detail', () => {
  it('renders the title, the date and the content as text paragraphs, never HTML', async () => {
    server = fakeServer().on(NOTICE.detail, {
      noticeId: 29,
      noticeType: 'AGREEMENT',
      title: '免责声明',
      content: '第一条 <b>不是粗体</b>\n\n第二条 <img src=x onerror=alert(1)>',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    })
    renderPage(<NoticeDetailPage />, { url: '/platform/noticeDetail/29.html', path: DETAIL_PATH })
    expect(await screen.findByRole('heading', { name: '免责声明', level: 1 })).toBeTruthy()
    expect(server.callsTo(NOTICE.detail)[0]!.params).toEqual({ noticeId: '29' })
    expect(screen.getByText('第一条 <b>不是粗体</b>')).toBeTruthy()
    expect(screen.getByText('第二条 <img src=x onerror=alert(1)>')).toBeTruthy()
    expect(document.querySelector('.notice-detail__content b, .notice-detail__content img')).toBeNull()
    expect(document.querySelectorAll('.notice-detail__content p')).toHaveLength(2)
    expect(screen.getByText(/发布时间：/)).toBeTruthy()
    await waitFor(() => expect(document.title).toBe(`免责声明 - ${SITE_NAME}`))
  })

  it('says so in place when the notice does not exist', async () => {
    server = fakeServer().fail(NOTICE.detail, 404, '公告不存在')
    renderPage(<NoticeDetailPage />, { url: '/platform/noticeDetail/999.html', path: DETAIL_PATH })
    expect(await screen.findByText('该公告不存在或已下线')).toBeTruthy()
  })

  it('an address that is not {id}.html goes to 404', async () => {
    server = fakeServer()
    const page = renderPage(<NoticeDetailPage />, {
      url: '/platform/noticeDetail/abc.html',
      path: DETAIL_PATH,
    })
    await waitFor(() => expect(page.location()).toBe('/404.html'))
    expect(server.calls).toHaveLength(0)
  })
})
