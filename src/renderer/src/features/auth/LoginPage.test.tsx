import { MESSAGE } from '@shared/api/message'
import { NOTICE } from '@shared/api/notice'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import forge from 'node-forge'
import { PATHS } from '@shared/api/paths'
import { TOKEN_COOKIE, USER_INFO_STORAGE_KEY } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { getCookie } from '@renderer/utils/cookie'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'

let keys: forge.pki.rsa.KeyPair
let publicPem: string
let api: FakeApi
let loginReply: unknown
let captchaCount = 0

const decrypt = (cipher: string) => keys.privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')

beforeAll(() => {
  keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 })
  publicPem = forge.pki.publicKeyToPem(keys.publicKey)
})

beforeEach(() => {
  captchaCount = 0
  api = fakeApi({
    [PATHS.captchaImage]: () => {
      captchaCount += 1
      return {
        code: 200,
        captchaEnabled: true,
        uuid: `uuid-${captchaCount}`,
        img: `data:image/svg+xml;base64,PHN2Zy8+#${captchaCount}`,
      }
    },
    [PATHS.publicKey]: ok({ publicKey: publicPem }),
    [PATHS.login]: () => loginReply,
    [PATHS.games]: ok([]),
    [NOTICE.list.path]: { code: 200, rows: [], total: 0 },
    [MESSAGE.unreadCount.path]: ok(0),
    [MESSAGE.group.path]: ok({ hasNewWarrantMessage: false }),
    [PATHS.getInfo]: { code: 200, user: null, roles: [], permissions: [] },
    [PATHS.getRouters]: ok([]),
  })
  useSessionStore.getState().clear()
})
afterEach(() => api.restore())

async function fill(username: string, password: string, code: string) {
  await screen.findByAltText('验证码')
  fireEvent.change(screen.getByPlaceholderText('请输入用户名'), { target: { value: username } })
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } })
  fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: code } })
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }))
}

describe('login page (spec §5, §7)', () => {
  it('sends the trimmed username and the RSA-encrypted password, never the clear one', async () => {
    loginReply = {
      code: 200,
      msg: '操作成功',
      token: 'tk-9',
      userInfoDto: { userId: 9, userName: 'player9', nickName: '玩家九', code: 'U9', avatar: '' },
    }
    const app = renderApp(`/login.html?redirect=${encodeURIComponent('/buyer/buyOrder.html?tab=2')}`)
    await fill('  player9  ', 'Secret#2024', 'ab12')
    await waitFor(() => expect(api.callsTo(PATHS.login)).toHaveLength(1))
    const sent = JSON.parse(api.callsTo(PATHS.login)[0]!.data as string)
    expect(sent.username).toBe('player9')
    expect(sent.password).not.toContain('Secret#2024')
    expect(decrypt(sent.password)).toBe('Secret#2024')
    expect(sent.code).toBe('ab12')
    expect(sent.uuid).toBe('uuid-1')
    expect(api.callsTo(PATHS.login)[0]!.headers.Authorization).toBeUndefined()

    // success: token stored, back to the redirect target
    await waitFor(() => expect(app.location()).toBe('/buyer/buyOrder.html?tab=2'))
    expect(getCookie(TOKEN_COOKIE)).toBe('tk-9')
    expect(JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY)!).nickName).toBe('玩家九')
  })

  it('shows the server error in the form (no toast) and loads a new captcha', async () => {
    loginReply = { code: 400, msg: '用户名或密码错误' }
    const app = renderApp('/login.html')
    await fill('player9', 'wrong-pass', 'ab12')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('用户名或密码错误')
    expect(alert.closest('form')).not.toBeNull()
    await waitFor(() => expect(captchaCount).toBe(2))
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('')
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('用户名或密码错误')
    expect(app.location()).toBe('/login.html')
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined()
  })

  it('ignores a redirect to another site', async () => {
    loginReply = {
      code: 200,
      token: 'tk-1',
      userInfoDto: { userId: 1, userName: 'a', nickName: 'a', code: 'c', avatar: '' },
    }
    const app = renderApp(`/login.html?redirect=${encodeURIComponent('//evil.example/x')}`)
    await fill('a', 'pw', 'x')
    await waitFor(() => expect(app.location()).toBe('/'))
  })
})
