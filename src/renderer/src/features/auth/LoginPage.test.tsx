import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import forge from 'node-forge'
import { AUTH, type LoginResult } from '@shared/api/auth'
import { TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { getCookie } from '@renderer/utils/cookie'
import { failure, fakeServer, type Failure, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import LoginPage from './LoginPage'

let keys: forge.pki.rsa.KeyPair
let publicPem: string
let server: FakeServer
let loginReply: LoginResult | Failure
let captchaCount = 0

const decrypt = (cipher: string) => keys.privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')

beforeAll(() => {
  keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 })
  publicPem = forge.pki.publicKeyToPem(keys.publicKey)
})

beforeEach(() => {
  captchaCount = 0
  server = fakeServer()
    .on(AUTH.captcha, () => {
      captchaCount += 1
      return {
        captchaEnabled: true,
        uuid: `uuid-${captchaCount}`,
        img: `data:image/svg+xml;base64,PHN2Zy8+#${captchaCount}`,
      }
    })
    .on(AUTH.publicKey, () => ({ publicKey: publicPem }))
    .on(AUTH.login, () => loginReply)
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

const renderLogin = (url: string) => renderPage(<LoginPage />, { url, path: '/login.html' })

async function fill(username: string, password: string, code: string) {
  await screen.findByAltText('验证码')
  fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: username } })
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } })
  fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: code } })
  fireEvent.click(screen.getByText(/^登\s*录$/).closest('button')!)
}

describe('login page', () => {
  it('sends the trimmed username and the RSA-encrypted password, never the clear one', async () => {
    loginReply = {
      token: 'tk-9',
      userInfoDto: { userId: 9, userName: 'player9', nickName: '玩家九', code: 'U9', avatar: '' },
    }
    const page = renderLogin(`/login.html?redirect=${encodeURIComponent('/buyer/buyOrder.html?tab=2')}`)
    await fill('  player9  ', 'Secret#2024', 'ab12')
    await waitFor(() => expect(server.callsTo(AUTH.login)).toHaveLength(1))
    const [call] = server.callsTo(AUTH.login)
    expect(call!.body.username).toBe('player9')
    expect(call!.body.password).not.toContain('Secret#2024')
    expect(decrypt(call!.body.password)).toBe('Secret#2024')
    expect(call!.body.code).toBe('ab12')
    expect(call!.body.uuid).toBe('uuid-1')
    expect(call!.config.headers.Authorization).toBeUndefined()

    // success: token stored, back to the redirect target
    await waitFor(() => expect(page.location()).toBe('/buyer/buyOrder.html?tab=2'))
    expect(getCookie(TOKEN_COOKIE)).toBe('tk-9')
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY)!).nickName).toBe('玩家九')
  })

  it('shows the server error in the form (no toast) and loads a new captcha', async () => {
    loginReply = failure(400, '用户名或密码错误')
    const page = renderLogin('/login.html')
    await fill('player9', 'wrong-pass', 'ab12')
    const alert = (await screen.findByText('用户名或密码错误')).closest('[role="alert"]')!
    expect(alert).not.toBeNull()
    expect(alert.closest('form')).not.toBeNull()
    await waitFor(() => expect(captchaCount).toBe(2))
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('')
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('用户名或密码错误')
    expect(page.location()).toBe('/login.html')
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined()
  })

  it('ignores a redirect to another site', async () => {
    loginReply = {
      token: 'tk-1',
      userInfoDto: { userId: 1, userName: 'a', nickName: 'a', code: 'c', avatar: '' },
    }
    const page = renderLogin(`/login.html?redirect=${encodeURIComponent('//evil.example/x')}`)
    await fill('a', 'pw', 'x')
    await waitFor(() => expect(page.location()).toBe('/'))
  })

  it('after registering: the success message and the new user name filled in', async () => {
    const page = renderLogin('/register.html')
    await act(() => page.router.navigate('/login.html', { replace: true, state: { registered: 'player42' } }))
    expect(await screen.findByText('注册成功，请使用新账号登录')).toBeTruthy()
    expect((screen.getByPlaceholderText('请输入用户名') as HTMLInputElement).value).toBe('player42')
  })

  it('验证码登录: sends a code to the phone and logs in with it', async () => {
    server.on(AUTH.loginSmsSend, { sentTo: '138****8000', resendIn: 60 }).on(AUTH.loginSms, {
      token: 'tk-sms',
      userInfoDto: { userId: 3, userName: 'smsuser', nickName: '短信用户', code: 'U3', avatar: '' },
    })
    const page = renderLogin(`/login.html?redirect=${encodeURIComponent('/userHome.html')}`)
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }))
    fireEvent.change(await screen.findByPlaceholderText('账号绑定的手机号'), {
      target: { value: '13800138000' },
    })
    fireEvent.click(await screen.findByText('获取验证码'))
    await waitFor(() => expect(server.callsTo(AUTH.loginSmsSend)).toHaveLength(1))
    expect(server.callsTo(AUTH.loginSmsSend)[0]!.body).toEqual({ phone: '13800138000' })
    expect(await screen.findByText('验证码已发送至 138****8000')).toBeTruthy()
    const form = screen.getByRole('form', { name: '验证码登录表单' })
    fireEvent.change(within(form).getByRole('textbox', { name: '短信验证码' }), {
      target: { value: '123456' },
    })
    fireEvent.click(
      within(form)
        .getByText(/^登\s*录$/)
        .closest('button')!,
    )
    await waitFor(() => expect(server.callsTo(AUTH.loginSms)).toHaveLength(1))
    expect(server.callsTo(AUTH.loginSms)[0]!.body).toEqual({ phone: '13800138000', smsCode: '123456' })
    await waitFor(() => expect(page.location()).toBe('/userHome.html'))
    expect(getCookie(TOKEN_COOKIE)).toBe('tk-sms')
  })

  it('offers WeChat scan on the page itself', async () => {
    renderLogin('/login.html')
    expect(await screen.findByRole('tab', { name: '微信扫码' })).toBeTruthy()
  })

  it('sends a logged-in visitor straight on', async () => {
    useSessionStore.setState({ token: 'tk' })
    const page = renderLogin(`/login.html?redirect=${encodeURIComponent('/userHome.html')}`)
    await waitFor(() => expect(page.location()).toBe('/userHome.html'))
  })
})
