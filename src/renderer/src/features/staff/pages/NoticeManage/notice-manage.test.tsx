/**
 * 公告与攻略 in the console: the preview shows only the HTML the server answers (never the editor's
 * text), buttons that change data need system:notice:edit, and the public detail page shows a
 * console notice's (server-sanitised) HTML.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { GAME } from '@shared/api/game'
import { NOTICE } from '@shared/api/notice'
import { NOTICE_STAFF } from '@shared/api/notice'
import { SYSTEM } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import NoticeDetailPage from '@renderer/features/platform/NoticeDetailPage'
import NoticeManagePage from '.'

let server: FakeServer
afterEach(() => {
  server?.restore()
  useSessionStore.setState({ roles: [], permissions: [] })
})

const ROW = {
  noticeId: 300,
  noticeType: 'ANNOUNCEMENT' as const,
  title: '春节放假安排',
  gameId: null,
  status: '1' as const,
  contentFormat: 'html' as const,
  fixed: false,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
}

function serve() {
  return fakeServer()
    .on(NOTICE_STAFF.list, { rows: [ROW], total: 1 })
    .on(SYSTEM.dict, [
      {
        dictCode: 1,
        dictSort: 1,
        dictLabel: '公告',
        dictValue: 'ANNOUNCEMENT',
        dictType: 'notice_type',
        listClass: 'success',
      },
    ] as never)
    .on(GAME.list, [])
}

describe('公告与攻略', () => {
  it(
    'previews the server-sanitised HTML only, then saves the editor content',
    { timeout: 60_000 },
    async () => {
      useSessionStore.setState({ roles: ['operator'], permissions: [PERMS.noticeList, PERMS.noticeEdit] })
      server = serve()
        .on(NOTICE_STAFF.preview, { html: '<p><strong>净化后</strong>的内容</p>' })
        .on(NOTICE_STAFF.save, { ...ROW, noticeId: 301, content: '<p>x</p>' })
      renderPage(<NoticeManagePage />)
      expect(await screen.findByText('春节放假安排')).toBeTruthy()
      expect(screen.getByText(/^编\s*辑$/)).toBeTruthy()
      fireEvent.click(screen.getByText('新增公告'))
      fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '新公告' } })
      const raw = '<p onclick="x()">原文</p><script>window.hacked = 1</script>'
      fireEvent.change(screen.getByLabelText('公告内容'), { target: { value: raw } })
      fireEvent.click(screen.getByText('预览（服务器净化后）'))

      const strong = await screen.findByText('净化后')
      expect(strong.tagName).toBe('STRONG')
      expect(server.callsTo(NOTICE_STAFF.preview)[0]!.body).toEqual({ content: raw })
      expect(document.querySelector('.notice-preview script, .notice-preview [onclick]')).toBeNull()
      expect(screen.queryByText('原文')).toBeNull()

      // antd writes two-character button labels with a space (保 存)
      fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!)
      await waitFor(() => expect(server.callsTo(NOTICE_STAFF.save)).toHaveLength(1))
      expect(server.callsTo(NOTICE_STAFF.save)[0]!.body).toEqual({
        noticeType: 'ANNOUNCEMENT',
        title: '新公告',
        gameId: null,
        content: raw,
        publish: false,
      })
    },
  )

  it('shows no change buttons without system:notice:edit', { timeout: 60_000 }, async () => {
    useSessionStore.setState({ roles: ['cs'], permissions: [PERMS.noticeList] })
    server = serve()
    renderPage(<NoticeManagePage />)
    expect(await screen.findByText('春节放假安排')).toBeTruthy()
    expect(screen.queryByText('新增公告')).toBeNull()
    // antd writes two-character button labels with a space (编 辑)
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull()
    expect(screen.queryByText(/^发\s*布$/)).toBeNull()
  })

  it('the public detail shows a console notice as the HTML the server answered', async () => {
    server = fakeServer().on(NOTICE.detail, {
      noticeId: 301,
      noticeType: 'ANNOUNCEMENT',
      title: '春节放假安排',
      content: '<h2>安排</h2><p>初一至初七<em>暂停</em>客服。</p>',
      contentFormat: 'html',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    })
    renderPage(<NoticeDetailPage />, {
      url: '/platform/noticeDetail/301.html',
      path: '/platform/noticeDetail/:file',
    })
    expect((await screen.findByText('暂停')).tagName).toBe('EM')
    expect(screen.getByRole('heading', { name: '安排', level: 2 })).toBeTruthy()
  })
})
