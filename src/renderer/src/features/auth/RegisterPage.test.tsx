import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import forge from 'node-forge'
import { PATHS } from '@shared/api/paths'
import { useSessionStore } from '@renderer/stores/session'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { passwordStrength } from './RegisterPage'

let keys: forge.pki.rsa.KeyPair
let api: FakeApi
let registerReply: unknown

beforeAll(() => {
  keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 })
})
beforeEach(() => {
  api = fakeApi({
    [PATHS.captchaImage]: { code: 200, captchaEnabled: false },
    [PATHS.publicKey]: ok({ publicKey: forge.pki.publicKeyToPem(keys.publicKey) }),
    [PATHS.register]: () => registerReply,
  })
  useSessionStore.getState().clear()
})
afterEach(() => api.restore())

const decrypt = (cipher: string) => keys.privateKey.decrypt(forge.util.decode64(cipher), 'RSAES-PKCS1-V1_5')

function fill(values: { username: string; password: string; confirm: string; nick?: string }) {
  fireEvent.change(screen.getByPlaceholderText('字母开头，4-20 位'), { target: { value: values.username } })
  fireEvent.change(screen.getByPlaceholderText(/8-32 位/), { target: { value: values.password } })
  fireEvent.change(screen.getByPlaceholderText('请再次输入密码'), { target: { value: values.confirm } })
  if (values.nick)
    fireEvent.change(screen.getByPlaceholderText('展示给其他用户的名字'), { target: { value: values.nick } })
  fireEvent.click(screen.getByRole('button', { name: /注\s*册/ }))
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
    renderApp('/register.html')
    await screen.findByRole('heading', { name: '注册账号' })
    fill({ username: '1abc', password: 'abcdefgh', confirm: 'abcdefgx' })
    expect(await screen.findByText(/用户名须为/)).toBeTruthy()
    expect(await screen.findByText('密码须至少包含大写字母、小写字母、数字、符号中的三类')).toBeTruthy()
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    expect(api.callsTo(PATHS.register)).toHaveLength(0)
  })

  it('encrypts both passwords and goes to the login page with a success message', async () => {
    registerReply = ok()
    const app = renderApp('/register.html')
    await screen.findByRole('heading', { name: '注册账号' })
    fill({ username: 'player42', password: 'Abcdef1!', confirm: 'Abcdef1!', nick: '四十二' })
    await waitFor(() => expect(api.callsTo(PATHS.register)).toHaveLength(1))
    const sent = JSON.parse(api.callsTo(PATHS.register)[0]!.data as string)
    expect(sent.username).toBe('player42')
    expect(sent.nickName).toBe('四十二')
    expect(sent.password).not.toBe('Abcdef1!')
    expect(decrypt(sent.password)).toBe('Abcdef1!')
    expect(decrypt(sent.confirmPassword)).toBe('Abcdef1!')
    await waitFor(() => expect(app.location()).toBe('/login.html'))
    expect(await screen.findByText('注册成功，请使用新账号登录')).toBeTruthy()
    expect((screen.getByPlaceholderText('请输入用户名') as HTMLInputElement).value).toBe('player42')
  })

  it('shows a refusal of the server in the form', async () => {
    registerReply = { code: 400, msg: '用户名已被注册' }
    renderApp('/register.html')
    await screen.findByRole('heading', { name: '注册账号' })
    fill({ username: 'player42', password: 'Abcdef1!', confirm: 'Abcdef1!' })
    expect((await screen.findByRole('alert')).textContent).toContain('用户名已被注册')
  })
})
