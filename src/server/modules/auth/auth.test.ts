import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_PERMISSION, LOGIN_LOCK, TOKEN_TTL_MS } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { DEMO, call, encryptPassword, loginAs, startTestApp, tokenOf, type TestApp } from '../../test-utils'
import { SCRYPT_PARAMS, hashPassword, verifyPassword } from './password'

describe('auth (captcha off)', () => {
  let t: TestApp
  let time = Date.now()

  beforeAll(async () => {
    t = await startTestApp({ now: () => time })
  })
  afterAll(() => t.close())

  it('hands out a PEM public key', async () => {
    const res = await call(t.app, 'GET', '/api/publicKey')
    expect(res.code).toBe(200)
    expect(res.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/)
  })

  it('logs in with an RSA-encrypted password and answers token and userInfoDto at the top level', async () => {
    const res = await loginAs(t.app, '  buyer ', DEMO.buyer[1])
    expect(res).toMatchObject({ code: 200, userInfoDto: { userName: 'buyer', nickName: '买家小王' } })
    expect(res.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.userInfoDto.code).toMatch(/^U\d{8}$/)
    expect(res.data.token).toBe(res.token)
  })

  it('treats user names case-insensitively: BUYER logs in as buyer, Buyer cannot be registered', async () => {
    const res = await loginAs(t.app, 'BUYER', DEMO.buyer[1])
    expect(res).toMatchObject({ code: 200, userInfoDto: { userName: 'buyer' } })
    const password = await encryptPassword(t.app, 'Passw0rd!x')
    for (const username of ['Buyer', 'BUYER', 'bUyEr'])
      expect(
        await call(t.app, 'POST', '/api/register', {
          body: { username, password, confirmPassword: password },
        }),
      ).toMatchObject({ code: 400, msg: '用户名已被注册' })
    // the database refuses it too, whatever the service does
    await expect(
      t.app.db
        .insertInto('users')
        .values({
          user_name: 'SELLER',
          nick_name: 'x',
          password_hash: 'x',
          avatar: '',
          phone: '',
          email: '',
          user_code: 'U00000000',
          status: '0',
          created_at: 0,
          updated_at: 0,
          last_login_at: null,
        })
        .execute(),
    ).rejects.toThrow()
  })

  it('counts wrong passwords of every letter case toward one lock', async () => {
    const ip = '10.9.9.9'
    const user = await call(t.app, 'POST', '/api/register', {
      body: {
        username: 'casey1',
        password: await encryptPassword(t.app, 'Passw0rd!x'),
        confirmPassword: await encryptPassword(t.app, 'Passw0rd!x'),
        agreed: true,
      },
    })
    expect(user.code).toBe(200)
    for (const name of ['casey1', 'CASEY1', 'Casey1', 'cAsey1', 'caseY1'])
      expect((await loginAs(t.app, name, 'wrong-Pw1!', { ip: `${ip}${name.length}` })).code).toBe(400)
    expect((await loginAs(t.app, 'casey1', 'Passw0rd!x')).msg).toBe(MSG.ACCOUNT_LOCKED)
    time += LOGIN_LOCK.lockMs + LOGIN_LOCK.windowMs
  })

  it('stores only the sha256 of a token and scrypt password hashes', async () => {
    const token = await tokenOf(t.app, ...DEMO.seller)
    const tokens = await t.app.db.selectFrom('user_tokens').select('token_hash').execute()
    expect(tokens.some((row) => row.token_hash === token)).toBe(false)
    expect(tokens.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'))
    const users = await t.app.db.selectFrom('users').select('password_hash').execute()
    for (const user of users) expect(user.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[^$]+\$[^$]+$/)
    // the seeded template's too (scripts/test-template.ts imports the tests' setup)
    expect(users.filter((u) => !u.password_hash.startsWith('scrypt$1024$'))).toEqual([])
  })

  it('hashes at the deployment cost scrypt N=16384, r=8, p=1 (tests hash cheaper), and verifies either', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 1 })
    const stored = await hashPassword('Passw0rd!x', SCRYPT_PARAMS)
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/)
    expect(await verifyPassword('Passw0rd!x', stored)).toBe(true)
    expect(await verifyPassword('Passw0rd!y', stored)).toBe(false)
    expect(await verifyPassword('Passw0rd!x', await hashPassword('Passw0rd!x'))).toBe(true)
    // the tests' cost, set by their setup file (src/server/test-setup.ts) and the template's
    expect(await hashPassword('Passw0rd!x')).toMatch(/^scrypt\$1024\$/)
  })

  it('answers getInfo with user, roles and permissions at the top level', async () => {
    const buyer = await call(t.app, 'GET', '/api/getInfo', { token: await tokenOf(t.app, ...DEMO.buyer) })
    expect(buyer).toMatchObject({
      code: 200,
      user: { userName: 'buyer', nickName: '买家小王' },
      roles: ['common'],
    })
    expect(buyer.permissions).toEqual([])
    expect(buyer.user.lastLoginAt).toBe(time)

    const admin = await call(t.app, 'GET', '/api/getInfo', { token: await tokenOf(t.app, ...DEMO.admin) })
    expect(admin).toMatchObject({ roles: ['admin'], permissions: [ALL_PERMISSION] })
  })

  it('refuses protected routes without a token or with a bad one (401)', async () => {
    expect(await call(t.app, 'GET', '/api/getInfo')).toMatchObject({ code: 401, msg: MSG.UNAUTHORIZED })
    expect(await call(t.app, 'GET', '/api/getInfo', { token: 'not-a-token' })).toMatchObject({
      code: 401,
      msg: MSG.UNAUTHORIZED,
    })
  })

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await loginAs(t.app, 'nobody_here', 'Whatever@123')
    const wrong = await loginAs(t.app, 'buyer', 'Wrong@1234')
    expect(unknown).toMatchObject({ code: 400, msg: MSG.BAD_CREDENTIALS })
    expect(wrong).toEqual(unknown)
  })

  it('answers a password that is not a ciphertext of the server key like a wrong password (no padding oracle)', async () => {
    for (const password of ['Buyer@123', Buffer.alloc(256, 7).toString('base64')]) {
      const res = await call(t.app, 'POST', '/api/login', { body: { username: 'nobody_here', password } })
      expect(res).toMatchObject({ code: 400, msg: MSG.BAD_CREDENTIALS })
    }
  })

  it('locks a username after 5 failures for 10 minutes, across a restart', async () => {
    for (let i = 1; i < LOGIN_LOCK.maxFailures; i++) {
      expect((await loginAs(t.app, 'seller', 'Wrong@1234')).msg).toBe(MSG.BAD_CREDENTIALS)
    }
    expect((await loginAs(t.app, 'seller', 'Wrong@1234')).msg).toBe(MSG.ACCOUNT_LOCKED)
    expect(await loginAs(t.app, ...DEMO.seller)).toMatchObject({ code: 400, msg: MSG.ACCOUNT_LOCKED })
    // another username is not affected
    expect((await loginAs(t.app, ...DEMO.buyer)).code).toBe(200)

    await t.app.close()
    t = await startTestApp({ dataDir: t.dataDir, now: () => time })
    expect((await loginAs(t.app, ...DEMO.seller)).msg).toBe(MSG.ACCOUNT_LOCKED)

    time += LOGIN_LOCK.lockMs + 1
    expect((await loginAs(t.app, ...DEMO.seller)).code).toBe(200)
  })

  it('logout deletes the token: the same token then gets 401', async () => {
    const token = await tokenOf(t.app, ...DEMO.buyer)
    expect((await call(t.app, 'GET', '/api/getInfo', { token })).code).toBe(200)
    expect(await call(t.app, 'POST', '/api/logout', { token })).toMatchObject({ code: 200 })
    expect(await call(t.app, 'GET', '/api/getInfo', { token })).toMatchObject({
      code: 401,
      msg: MSG.UNAUTHORIZED,
    })
  })

  it('refuses an expired token with 521 (session ended)', async () => {
    const token = await tokenOf(t.app, ...DEMO.buyer)
    time += TOKEN_TTL_MS
    expect(await call(t.app, 'GET', '/api/getInfo', { token })).toMatchObject({
      code: 521,
      msg: MSG.SESSION_EXPIRED,
    })
    // the expired row is gone: afterwards the token is simply unknown
    expect((await call(t.app, 'GET', '/api/getInfo', { token })).code).toBe(401)
  })

  it('limits login attempts per IP (20 per minute)', async () => {
    const ip = '192.0.2.10'
    const body = { username: 'ratelimit', password: await encryptPassword(t.app, 'Wrong@1234') }
    for (let i = 0; i < 20; i++)
      expect((await call(t.app, 'POST', '/api/login', { ip, body })).code).not.toBe(429)
    expect(await call(t.app, 'POST', '/api/login', { ip, body })).toMatchObject({
      code: 429,
      msg: MSG.TOO_MANY_REQUESTS,
    })
    expect((await call(t.app, 'POST', '/api/login', { ip: '192.0.2.11', body })).code).not.toBe(429)
    time += 60_000
    expect((await call(t.app, 'POST', '/api/login', { ip, body })).code).not.toBe(429)
  })

  describe('register', () => {
    const register = async (username: string, password: string, confirm = password, nickName?: string) =>
      call(t.app, 'POST', '/api/register', {
        body: {
          username,
          password: await encryptPassword(t.app, password),
          confirmPassword: await encryptPassword(t.app, confirm),
          nickName,
          agreed: true,
        },
      })

    it('creates a common user who is logged in at once and can log in again', async () => {
      const registered = await register('new_player', 'Strong#Pass1', undefined, '新玩家')
      expect(registered).toMatchObject({
        code: 200,
        msg: '注册成功',
        userInfoDto: { userName: 'new_player', nickName: '新玩家' },
      })
      expect(typeof registered.token).toBe('string')
      // the token of the registration is a session
      expect(await call(t.app, 'GET', '/api/getInfo', { token: registered.token })).toMatchObject({
        user: { userName: 'new_player' },
      })
      const info = await call(t.app, 'GET', '/api/getInfo', {
        token: await tokenOf(t.app, 'new_player', 'Strong#Pass1'),
      })
      expect(info).toMatchObject({ user: { userName: 'new_player', nickName: '新玩家' }, roles: ['common'] })
    })

    it('names the problem in Chinese', async () => {
      expect((await register('ab', 'Strong#Pass1')).msg).toMatch(/^用户名须为/)
      expect((await register('9lives', 'Strong#Pass1')).msg).toMatch(/^用户名须为/)
      expect((await register('weak_user', 'password')).msg).toMatch(/^密码须至少包含/)
      expect((await register('short_user', 'Aa1!')).msg).toMatch(/^密码长度须为/)
      expect(await register('mismatch_user', 'Strong#Pass1', 'Strong#Pass2')).toMatchObject({
        code: 400,
        msg: '确认密码与密码不一致',
      })
      expect(await register('buyer', 'Strong#Pass1')).toMatchObject({ code: 400, msg: '用户名已被注册' })
      expect(
        await call(t.app, 'POST', '/api/register', { body: { username: 'x_user', password: 'p' } }),
      ).toMatchObject({
        code: 400,
        msg: '确认密码不能为空',
      })
    })

    it('follows the registration switch', async () => {
      await t.app.db
        .updateTable('sys_config')
        .set({ config_value: 'false' })
        .where('config_key', '=', 'sys.account.registerUser')
        .execute()
      expect((await register('closed_user', 'Strong#Pass1')).msg).toBe('当前系统没有开启注册功能')
      await t.app.db
        .updateTable('sys_config')
        .set({ config_value: 'true' })
        .where('config_key', '=', 'sys.account.registerUser')
        .execute()
    })
  })
})
