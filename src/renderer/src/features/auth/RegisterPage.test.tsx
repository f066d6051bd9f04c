import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import forge from 'node-forge'
import { AUTH } from '@shared/api/auth'
import { useSessionStore } from '@renderer/stores/session'
import { failure, fakeServer, type Failure, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import RegisterPage, { passwordStrength } from './RegisterPage'

let keys: forge.pki.rsa.KeyPair
let server: FakeServer
let registerReply: undefined | Failure

beforeAll(() => {
  keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 })
})
beforeEach(() => {
  server = fakeServer()
    .on(AUTH.captcha, { captchaEnabled: false })
    .on(AUTH.publicKey, () => ({ publicKey: forge.pki.publicKeyToPem(keys.publicKey) }))
    .on(
      AUTH.register,
      () =>
        registerReply ?? {
          token: 'tk-42',
          userInfoDto: { userId: 42, userName: 'player42', nickName: '四十二', code: 'U42', avatar: '' },
        },
    )
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

const renderRegister = () => renderPage(<RegisterPage />, { url: '/register.html' })
// text and placeholder queries: a role query walks the accessibility tree of the whole form each time

const decrypt = (cipher: string) => keys.privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')

function fill(values: {
  username: string
  password: string
  confirm: string
  nick?: string
  agree?: boolean
}) {
  fireEvent.change(screen.getByPlaceholderText('字母开头，4-20 位'), { target: { value: values.username } })
  fireEvent.change(screen.getByPlaceholderText(/8-32 位/), { target: { value: values.password } })
  fireEvent.change(screen.getByPlaceholderText('请再次输入密码'), { target: { value: values.confirm } })
  if (values.nick)
    fireEvent.change(screen.getByPlaceholderText('展示给其他用户的名字'), { target: { value: values.nick } })
  if (values.agree ?? true) fireEvent.click(screen.getByLabelText('同意协议'))
  fireEvent.click(screen.getByText(/^注\s*册$/).closest('button')!)
}

describe('passwordStrength', () => {
  it('follows passwordProblem', () => {
    expect(passwordStrength('')).toBe(0)
    expect(passwordStrength('abcdefgh')).toBe(1)
    expect(passwordStrength('Abcdefg1')).toBe(2)
    expect(passwordStrength('Abcdef1!')).toBe(3)
    expect(passwordStrength('Abcdefghijk1')).toBe(3)
  })
})

describe('register page', () => {
  it('checks the username rule, password rule and confirmation before sending', async () => {
    renderRegister()
    await screen.findByText('注册账号', { selector: 'h1' })
    fill({ username: '1abc', password: 'abcdefgh', confirm: 'abcdefgx', agree: false })
    expect(await screen.findByText(/用户名须为/)).toBeTruthy()
    expect(await screen.findByText('请阅读并勾选同意全部协议')).toBeTruthy()
    expect(await screen.findByText('密码须至少包含大写字母、小写字母、数字、符号中的三类')).toBeTruthy()
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    expect(server.callsTo(AUTH.register)).toHaveLength(0)
  })

  it('encrypts both passwords; the new user is logged in and goes home', async () => {
    registerReply = undefined
    const page = renderRegister()
    await screen.findByText('注册账号', { selector: 'h1' })
    fill({ username: 'player42', password: 'Abcdef1!', confirm: 'Abcdef1!', nick: '四十二' })
    await waitFor(() => expect(server.callsTo(AUTH.register)).toHaveLength(1))
    const sent = server.callsTo(AUTH.register)[0]!.body
    expect(sent.username).toBe('player42')
    expect(sent.nickName).toBe('四十二')
    expect(sent.agreed).toBe(true)
    expect(sent.password).not.toBe('Abcdef1!')
    expect(decrypt(sent.password)).toBe('Abcdef1!')
    expect(decrypt(sent.confirmPassword)).toBe('Abcdef1!')
    await waitFor(() => expect(page.location()).toBe('/'))
    // the registration's answer is a session
    expect(useSessionStore.getState().token).toBe('tk-42')
    expect(useSessionStore.getState().userInfo?.userName).toBe('player42')
  })

  it('shows a refusal of the server in the form', async () => {
    registerReply = failure(400, '用户名已被注册')
    renderRegister()
    await screen.findByText('注册账号', { selector: 'h1' })
    fill({ username: 'player42', password: 'Abcdef1!', confirm: 'Abcdef1!' })
    expect((await screen.findByText('用户名已被注册')).closest('[role="alert"]')).not.toBeNull()
  })
})
