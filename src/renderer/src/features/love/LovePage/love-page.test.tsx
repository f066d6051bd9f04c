import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { LOVE, type LoveBoard, type LoveGuild, type LoveMine } from '@shared/api/love'
import { fakeServer, failure, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { logIn, logOut } from '@renderer/testing/catalogue-fixtures'
import LovePage from '.'
import { chinaTime, countdownText } from './time'

let server: FakeServer
afterEach(() => {
  server?.restore()
  logOut()
})

const NOW = Date.UTC(2026, 10, 24, 4, 0) // 12:00 China time
const guild = (guildId: number, name: string, supports: number, rank: number): LoveGuild => ({
  guildId,
  activityId: 1,
  name,
  gameId: 1,
  gameName: '王者荣耀',
  serverName: '一区',
  logoImageId: null,
  logoUrl: null,
  supports,
  lastSupportAt: supports ? NOW - rank : null,
  rank,
})
const board = (patch: Partial<LoveBoard['activity'] & object> = {}): LoveBoard => ({
  activity: {
    activityId: 1,
    title: '公会争霸助力赛',
    startAt: NOW - 86_400_000,
    endAt: NOW + 86_400_000,
    rules: '第一条规则\n\n第二条规则',
    prizes: ['冠军：奖品甲'],
    status: 'RUNNING',
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  },
  guilds: [guild(11, '甲公会', 5, 1), guild(12, '乙公会', 2, 2)],
  serverNow: NOW,
  perDay: 3,
})
const mine = (patch: Partial<LoveMine> = {}): LoveMine => ({
  activityId: 1,
  verified: true,
  supportedGuildIds: [],
  usedToday: 0,
  perDay: 3,
  ...patch,
})

describe('公会助力', () => {
  it('writes China time and the countdown the same everywhere', () => {
    expect(chinaTime(NOW)).toBe('2026-11-24 12:00')
    expect(countdownText(86_400_000 + 3_723_000)).toBe('1天 01:02:03')
    expect(countdownText(-5)).toBe('00:00:00')
  })

  it('a visitor sees the board, rules and prizes; the buttons wait for a login', async () => {
    server = fakeServer().on(LOVE.board, board())
    renderPage(<LovePage />, { url: '/love.html' })
    expect(await screen.findByRole('heading', { name: '公会争霸助力赛', level: 1 })).toBeTruthy()
    expect(screen.getByText('第二条规则')).toBeTruthy()
    expect(screen.getByText('冠军：奖品甲')).toBeTruthy()
    expect((screen.getByRole('button', { name: '为甲公会助力' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getAllByText('登录后可助力')).toHaveLength(2)
    expect(server.callsTo(LOVE.mine)).toHaveLength(0)
  })

  it('a user without a real name is sent to 实名认证', async () => {
    logIn()
    server = fakeServer()
      .on(LOVE.board, board())
      .on(LOVE.mine, mine({ verified: false }))
    renderPage(<LovePage />, { url: '/love.html' })
    expect(await screen.findByRole('link', { name: '去实名认证' })).toBeTruthy()
    expect(screen.getAllByText('实名认证后可助力')).toHaveLength(2)
  })

  it('supports a guild; a guild supported today and a used quota disable the buttons', async () => {
    logIn()
    let supported: number[] = []
    server = fakeServer()
      .on(LOVE.board, board())
      .on(LOVE.mine, () => mine({ supportedGuildIds: supported, usedToday: supported.length }))
      .on(LOVE.support, ({ body }) => {
        supported = [...supported, body.guildId]
        return { guildId: body.guildId, supports: 3, usedToday: supported.length, perDay: 3 }
      })
    renderPage(<LovePage />, { url: '/love.html' })
    expect(await screen.findByText(/今日还可助力 3 次/)).toBeTruthy()
    const button = screen.getByRole('button', { name: '为乙公会助力' }) as HTMLButtonElement
    await waitFor(() => expect(button.disabled).toBe(false))
    fireEvent.click(button)
    await waitFor(() => expect(server.callsTo(LOVE.support)).toHaveLength(1))
    expect(server.callsTo(LOVE.support)[0]!.body).toEqual({ guildId: 12 })
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '为乙公会助力' }) as HTMLButtonElement).disabled).toBe(true),
    )
    expect(await screen.findByText(/今日还可助力 2 次/)).toBeTruthy()
  })

  it('after the quota: the guilds not yet supported say the day is used up', async () => {
    logIn()
    server = fakeServer()
      .on(LOVE.board, board())
      .on(LOVE.mine, mine({ supportedGuildIds: [11], usedToday: 3 }))
      .on(LOVE.support, failure(400, '每天最多助力 3 次，今日次数已用完'))
    renderPage(<LovePage />, { url: '/love.html' })
    expect(await screen.findByText('今日 3 次助力已用完，明天再来吧！')).toBeTruthy()
    expect(screen.getByText('今日次数已用完')).toBeTruthy()
  })

  it('outside the window: the next activity with its start, or the final ranking', async () => {
    server = fakeServer().on(LOVE.board, board({ status: 'UPCOMING', startAt: NOW + 3_600_000 }))
    const { unmount } = renderPage(<LovePage />, { url: '/love.html' })
    expect(
      await screen.findByText(
        `下一期活动将于 ${chinaTime(NOW + 3_600_000)} 开始，届时即可为喜欢的公会助力。`,
      ),
    ).toBeTruthy()
    unmount()
    server.restore()
    server = fakeServer().on(LOVE.board, board({ status: 'ENDED', endAt: NOW - 1 }))
    renderPage(<LovePage />, { url: '/love.html' })
    expect(await screen.findByRole('heading', { name: '最终排名' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '为甲公会助力' })).toBeNull()
  })
})
