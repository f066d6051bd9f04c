/**
 * The forced password change: a user whose password staff reset (getInfo mustChangePassword) is sent
 * to /user/loginPass.html with the notice from any route, kept there, and let go once the change
 * succeeds.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import forge from 'node-forge'
import { ACCOUNT } from '@shared/api/account'
import { AUTH, type GetInfoResult } from '@shared/api/auth'
import { GAME } from '@shared/api/game'
import { MESSAGE } from '@shared/api/message'
import { NOTICE } from '@shared/api/notice'
import { SYSTEM } from '@shared/api/system'
import { TOKEN_COOKIE } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderApp } from '@renderer/testing/render-app'
import { PLAYER_PROFILE } from '@renderer/testing/session-fixtures'
import { CHANGE_PASSWORD_PATH, MUST_CHANGE_PASSWORD_NOTICE } from './password-gate'

let server: FakeServer
let publicPem: string
let info: GetInfoResult

const user = PLAYER_PROFILE

beforeAll(() => {
  publicPem = forge.pki.publicKeyToPem(forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 }).publicKey)
})

beforeEach(() => {
  info = { user, roles: ['common'], permissions: [], mustChangePassword: true }
  server = fakeServer()
    .on(GAME.list, [])
    .on(NOTICE.list, { rows: [], total: 0 })
    .on(MESSAGE.unreadCount, 0)
    .on(MESSAGE.group, { hasNewWarrantMessage: false })
    .on(AUTH.info, () => info)
    .on(AUTH.publicKey, () => ({ publicKey: publicPem }))
    .on(SYSTEM.routers, [])
    .on(SYSTEM.config, '')
    .on(ACCOUNT.changePassword, () => {
      info = { ...info, mustChangePassword: undefined }
    })
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('forced password change', () => {
  it('sends the user to the change-password page with the notice, from any route, until changed', async () => {
    const app = renderApp('/buyer/buyOrder.html')
    await waitFor(() => expect(app.location()).toBe(CHANGE_PASSWORD_PATH))
    expect((await screen.findAllByText(MUST_CHANGE_PASSWORD_NOTICE)).length).toBeGreaterThan(0)

    // another route bounces back
    await act(() => app.router.navigate('/userHome.html'))
    await waitFor(() => expect(app.location()).toBe(CHANGE_PASSWORD_PATH))

    // the change succeeds: the gate lets go
    fireEvent.change(await screen.findByLabelText('原密码'), { target: { value: 'Tmp2abcd@x' } })
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'N3w!password' } })
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'N3w!password' } })
    fireEvent.click(screen.getByRole('button', { name: /确\s*认\s*修\s*改/ }))
    await waitFor(() => expect(server.callsTo(ACCOUNT.changePassword)).toHaveLength(1))
    await act(() => app.router.navigate('/buyer/buyOrder.html'))
    await waitFor(() => expect(app.location()).toBe('/buyer/buyOrder.html'))
  })

  it('leaves a user without the flag alone', async () => {
    info = { user, roles: ['common'], permissions: [] }
    const app = renderApp('/buyer/buyOrder.html')
    await waitFor(() => expect(server.callsTo(AUTH.info).length).toBeGreaterThan(0))
    await new Promise((r) => setTimeout(r, 50))
    expect(app.location()).toBe('/buyer/buyOrder.html')
  })
})
