/**
 * 游戏管理 in the console: the config editor sends only what each field kind means (the server checks
 * the rules again), and buttons that change data need game:game:edit.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import type { GameConfig } from '@shared/api/game'
import { GAME_STAFF, type StaffGame } from '@shared/api/game'
import { SYSTEM } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { ConfigEditor } from './ConfigEditor'
import GameManagePage from '.'

let server: FakeServer
afterEach(() => {
  server?.restore()
  useSessionStore.setState({ roles: [], permissions: [] })
})

const CONFIG: GameConfig = {
  gameId: 7,
  protectionDays: 7,
  goodsTypes: [
    {
      goodsType: 'ACCOUNT',
      label: '账号',
      requireServer: true,
      attributes: [
        {
          key: '段位',
          label: '段位',
          kind: 'select',
          required: true,
          options: ['青铜', '王者'],
          filterable: true,
        },
        { key: '英雄数', label: '', kind: 'number', required: true, min: 1, max: 200, filterable: false },
      ],
    },
  ],
}

const GAME: StaffGame = {
  gameId: 7,
  nameCn: '测试游戏',
  nameEn: 'Test',
  initial: 'C',
  icon: '',
  platforms: ['PC'],
  hot: false,
  sort: 1,
  status: '0',
  description: '',
}

describe('游戏管理', () => {
  it('saves the goods types with only what each field kind means', { timeout: 60_000 }, async () => {
    useSessionStore.setState({ roles: ['operator'], permissions: [PERMS.gameList, PERMS.gameEdit] })
    server = fakeServer().on(GAME_STAFF.config, CONFIG)
    renderPage(<ConfigEditor config={CONFIG} />)
    fireEvent.click(await screen.findByText('保存商品配置'))
    await waitFor(() => expect(server.callsTo(GAME_STAFF.config)).toHaveLength(1))
    expect(server.callsTo(GAME_STAFF.config)[0]!.body).toEqual({
      gameId: 7,
      protectionDays: 7,
      goodsTypes: [
        {
          goodsType: 'ACCOUNT',
          label: '账号',
          requireServer: true,
          attributes: [
            {
              key: '段位',
              label: '段位',
              kind: 'select',
              required: true,
              options: ['青铜', '王者'],
              filterable: true,
            },
            // an empty label falls back to the key; a number field carries no options
            {
              key: '英雄数',
              label: '英雄数',
              kind: 'number',
              required: true,
              min: 1,
              max: 200,
              filterable: false,
            },
          ],
        },
      ],
    })
  })

  it('shows no add, edit or disable buttons without game:game:edit', { timeout: 60_000 }, async () => {
    useSessionStore.setState({ roles: ['cs'], permissions: [PERMS.gameList] })
    server = fakeServer()
      .on(GAME_STAFF.list, { rows: [GAME], total: 1 })
      .on(SYSTEM.dict, [] as never)
    renderPage(<GameManagePage />)
    expect(await screen.findByText('测试游戏')).toBeTruthy()
    expect(screen.getByText('区服与配置')).toBeTruthy()
    expect(screen.queryByText('新增游戏')).toBeNull()
    // antd writes two-character button labels with a space (停 用)
    expect(screen.queryByText(/^停\s*用$/)).toBeNull()
    expect(screen.queryByText(/^编\s*辑$/)).toBeNull()

    useSessionStore.setState({ roles: ['operator'], permissions: [PERMS.gameList, PERMS.gameEdit] })
    expect(await screen.findByText('新增游戏')).toBeTruthy()
    expect(screen.getByText(/^停\s*用$/)).toBeTruthy()
  })
})
