import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { CS_VERIFY, type CsVerifyResult } from '@shared/api/cs-verify'
import { NOTICE, type NoticeBrief } from '@shared/api/notice'
import { GAME } from '@shared/api/game'
import { fakeServer, failure, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import CsVerifyPage from './CsVerifyPage'
import WalkthroughPage from './WalkthroughPage'

let server: FakeServer
afterEach(() => server?.restore())

const verdict = (v: Partial<CsVerifyResult>): CsVerifyResult => ({
  channel: 'QQ',
  value: '800012345',
  verdict: 'OFFICIAL',
  staffName: '客服小易',
  retiredAt: null,
  ...v,
})

describe('客服验证', () => {
  const check = (value: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: '待验证的联系方式' }), { target: { value } })
    fireEvent.click(screen.getByRole('button', { name: '立即验证' }))
  }

  it('answers 是官方客服, 曾是官方客服 and the warning, with the advice always shown', async () => {
    server = fakeServer().on(CS_VERIFY.verify, ({ query }) =>
      query.value.replace(/\s/g, '') === '800012345'
        ? verdict({})
        : query.value === '800054321'
          ? verdict({
              value: '800054321',
              verdict: 'FORMER',
              staffName: '客服小侠',
              retiredAt: 1_700_000_000_000,
            })
          : verdict({ value: query.value, verdict: 'UNKNOWN', staffName: null }),
    )
    renderPage(<CsVerifyPage />, { url: '/platform/customServiceVerify.html' })
    expect(screen.getByText(/保证金/)).toBeTruthy()

    check(' 800 012 345 ')
    await waitFor(() => expect(server.callsTo(CS_VERIFY.verify)).toHaveLength(1))
    expect(await screen.findByText('是官方客服')).toBeTruthy()
    expect(screen.getByText(/客服小易/)).toBeTruthy()
    expect(server.callsTo(CS_VERIFY.verify)[0]!.query).toEqual({ channel: 'QQ', value: ' 800 012 345 ' })

    check('800054321')
    expect(await screen.findByText('曾是官方客服，已停用')).toBeTruthy()

    check('123456789')
    expect(await screen.findByText('不是官方客服，谨防诈骗！')).toBeTruthy()
  })

  it('opened from an agent’s 工号 in 在线客服: filled in and checked at once', async () => {
    server = fakeServer().on(CS_VERIFY.verify, ({ query }) =>
      verdict({ channel: query.channel, value: query.value, staffName: '小美' }),
    )
    renderPage(<CsVerifyPage />, { url: '/platform/customServiceVerify.html?channel=STAFF_NO&value=KF1001' })
    expect(await screen.findByText('是官方客服')).toBeTruthy()
    expect(server.callsTo(CS_VERIFY.verify)[0]!.query).toEqual({ channel: 'STAFF_NO', value: 'KF1001' })
    expect((screen.getByRole('textbox', { name: '待验证的联系方式' }) as HTMLInputElement).value).toBe(
      'KF1001',
    )
  })

  it('checks the format before asking, and shows a refusal in place', async () => {
    server = fakeServer().on(CS_VERIFY.verify, failure(429, '请求过于频繁，请稍后再试'))
    renderPage(<CsVerifyPage />, { url: '/platform/customServiceVerify.html' })
    check('abc')
    expect(await screen.findByText('QQ 号格式不正确（5-12 位数字）')).toBeTruthy()
    expect(server.callsTo(CS_VERIFY.verify)).toHaveLength(0)
    check('12345678')
    expect(await screen.findByText('请求过于频繁，请稍后再试')).toBeTruthy()
  })
})

describe('游戏攻略', () => {
  const guide = (noticeId: number, gameId: number, title: string): NoticeBrief => ({
    noticeId,
    noticeType: 'GUIDE',
    title,
    gameId,
    createdAt: 1_700_000_000_000,
  })

  it('lists the guides of every game, filters by game and shows the guide as text', async () => {
    server = fakeServer()
      .on(GAME.list, [
        { gameId: 1, nameCn: '王者荣耀' },
        { gameId: 3, nameCn: '原神' },
      ] as never)
      // the detail first: the last registration wins, and /notice/list matches /notice/:noticeId
      .on(NOTICE.detail, ({ params }) => ({
        ...guide(
          Number(params.noticeId),
          1,
          Number(params.noticeId) === 201 ? '王者荣耀：买号五项检查' : '原神：初始号怎么挑',
        ),
        content: '第一段 <b>不是粗体</b>\n\n第二段',
        updatedAt: 1_700_000_000_000,
      }))
      .on(NOTICE.list, ({ query }) => {
        const all = [guide(201, 1, '王者荣耀：买号五项检查'), guide(202, 3, '原神：初始号怎么挑')]
        const rows = query.gameId ? all.filter((g) => g.gameId === query.gameId) : all
        return { rows, total: rows.length }
      })
    renderPage(<WalkthroughPage />, { url: '/walkthrough.html' })
    expect(await screen.findByText('第一段 <b>不是粗体</b>')).toBeTruthy()
    expect(document.querySelector('.walkthrough-detail b')).toBeNull()
    expect(server.callsTo(NOTICE.list)[0]!.query).toMatchObject({ noticeType: 'GUIDE', withGame: true })

    fireEvent.click((await screen.findAllByText('原神'))[0]!)
    await waitFor(() => expect(server.callsTo(NOTICE.list).at(-1)!.query).toMatchObject({ gameId: 3 }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /王者荣耀：买号五项检查/ })).toBeNull())
    expect(screen.getByRole('button', { name: /原神：初始号怎么挑/ })).toBeTruthy()
  })
})
