import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { ACCOUNT, type LoginSession, type RealNameView, type SecuritySummary } from '@shared/api/account'
import { TOKEN_COOKIE } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import SettingPage from './SettingPage'
import UserCertPage from './UserCertPage'

const NONE: RealNameView = {
  status: 'NONE',
  name: '',
  idNumber: '',
  verifiedAt: null,
  adult: false,
  pendingReview: null,
  rejectedRemark: null,
}

const SUMMARY: SecuritySummary = {
  level: 2,
  levelLabel: '中',
  phone: '138****8001',
  email: '',
  emailVerified: false,
  realName: {
    ...NONE,
    status: 'VERIFIED',
    name: '张*',
    idNumber: '1101**********1239',
    verifiedAt: 1,
    adult: true,
  },
  hasPayPassword: true,
  writeoffDueAt: null,
}

const SESSIONS: LoginSession[] = [
  {
    sessionId: 'aaaaaaaaaaaaaaaa',
    createdAt: 1_700_000_000_000,
    expiresAt: 2e12,
    ip: '10.0.0.1',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
    current: true,
  },
  {
    sessionId: 'bbbbbbbbbbbbbbbb',
    createdAt: 1_700_000_100_000,
    expiresAt: 2e12,
    ip: '10.0.0.2',
    userAgent: 'Mozilla/5.0 (iPhone) Safari/604',
    current: false,
  },
]

let server: FakeServer
beforeEach(() => {
  server = fakeServer()
    .on(ACCOUNT.security, SUMMARY)
    .on(ACCOUNT.sessions, SESSIONS)
    .on(ACCOUNT.securityLog, { rows: [], total: 0 })
    .on(ACCOUNT.endSession, undefined)
    .on(ACCOUNT.realName, NONE)
    .on(ACCOUNT.verifyRealName, {
      ...NONE,
      status: 'VERIFIED',
      name: '陈*',
      idNumber: '3201**********2229',
      verifiedAt: 1,
      adult: true,
    })
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('account settings hub', () => {
  it('shows the security level, the bindings, the WeChat card and ends another device', async () => {
    renderPage(<SettingPage />, { url: '/my/setting' })
    expect(await screen.findByTestId('security-level')).toHaveProperty('textContent', '中')
    expect(screen.getByText('138****8001')).toBeTruthy()
    expect(screen.getByText('张* 1101**********1239')).toBeTruthy()
    expect(screen.getByLabelText('微信绑定').textContent).toContain('微信公众号')
    expect(await screen.findByText('当前设备')).toBeTruthy()
    expect(screen.getByText('iOS · Safari')).toBeTruthy()
    const endButton = () => screen.getAllByRole('button', { name: /^下\s*线$/ })
    fireEvent.click(endButton()[0]!)
    // the confirmation's own 下线
    await waitFor(() => expect(endButton().length).toBe(2))
    fireEvent.click(endButton()[1]!)
    await waitFor(() => expect(server.callsTo(ACCOUNT.endSession)).toHaveLength(1))
    expect(server.callsTo(ACCOUNT.endSession)[0]!.body).toEqual({ sessionId: 'bbbbbbbbbbbbbbbb' })
  })
})

describe('real-name page', () => {
  it('checks the ID number locally: a bad checksum is never sent', async () => {
    renderPage(<UserCertPage />, { url: '/user/userCert.html' })
    fireEvent.change(await screen.findByLabelText('真实姓名'), { target: { value: '陈静' } })
    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '320102199508152228' } })
    fireEvent.click(screen.getByText('立即认证').closest('button')!)
    expect(await screen.findByText('身份证号校验位不正确，请核对')).toBeTruthy()
    expect(server.callsTo(ACCOUNT.verifyRealName)).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('身份证号'), { target: { value: '320102199508152229' } })
    fireEvent.click(screen.getByText('立即认证').closest('button')!)
    await waitFor(() => expect(server.callsTo(ACCOUNT.verifyRealName)).toHaveLength(1))
    expect(server.callsTo(ACCOUNT.verifyRealName)[0]!.body).toEqual({
      realName: '陈静',
      idNumber: '320102199508152229',
    })
  })
})
