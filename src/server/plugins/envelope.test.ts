import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MSG } from '../../shared/messages'
import { call, startTestApp, type TestApp } from '../test-utils'
import { ApiError, realNameRequired } from '../http/errors'
import { registerEnvelope } from './envelope'

describe('envelope and errors', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } })

  it('answers an unknown /api path with code 404 (HTTP 200, JSON)', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({
        code: 404,
        msg: MSG.NOT_FOUND,
        reason: 'NOT_FOUND',
        requestId: expect.any(String),
      })
    }
    // a known path with the wrong method is just as unknown
    expect(await call(t.app, 'GET', '/api/login')).toEqual({
      code: 404,
      msg: MSG.NOT_FOUND,
      reason: 'NOT_FOUND',
    })
  })

  it('answers a malformed URL with code 400', async () => {
    expect(await call(t.app, 'GET', '/api/platform/notice/%E0%A4%A')).toEqual({
      code: 400,
      msg: '请求格式不正确',
      reason: 'BAD_REQUEST',
    })
  })

  it('refuses malformed JSON, an empty JSON body and other content types with 400', async () => {
    const badJson = { code: 400, msg: MSG.BAD_JSON, reason: 'BAD_REQUEST', requestId: expect.any(String) }
    expect((await post('/api/login', '{"username": ')).json()).toEqual(badJson)
    expect((await post('/api/login', '')).json()).toEqual(badJson)
    expect((await post('/api/login', 'username=buyer', 'application/x-www-form-urlencoded')).json()).toEqual(
      badJson,
    )
    expect((await post('/api/login', 'buyer', 'text/plain')).json()).toEqual(badJson)
  })

  it('refuses a 2 MiB body with 400', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'p' })
    const res = await post('/api/login', big)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      code: 400,
      msg: MSG.BODY_TOO_LARGE,
      reason: 'BAD_REQUEST',
      requestId: expect.any(String),
    })
  })

  it('names the field in validation messages, with the reason VALIDATION', async () => {
    const login = (body: object) => call(t.app, 'POST', '/api/login', { body })
    const invalid = (msg: string) => ({ code: 400, msg, reason: 'VALIDATION' })
    expect(await login({ password: 'x' })).toEqual(invalid('用户名不能为空'))
    expect(await login({ username: '', password: 'x' })).toEqual(invalid('用户名不能为空'))
    expect(await login({ username: 'u'.repeat(65), password: 'x' })).toEqual(
      invalid('用户名长度不能超过 64 个字符'),
    )
    expect(await login({ username: { name: 'buyer' }, password: 'x' })).toEqual(invalid('用户名必须是文本'))
    expect(await login({ username: 'buyer', password: 'x', rememberMe: true })).toEqual(
      invalid('不支持的参数：rememberMe'),
    )
    expect(await call(t.app, 'GET', '/api/platform/notice/list?pageSize=ten')).toEqual(
      invalid('每页条数必须是整数'),
    )
    expect(await call(t.app, 'GET', '/api/platform/notice/list?pageNum=0')).toEqual(invalid('页码不能小于 1'))
  })

  it('answers a business error with its code, msg and reason', async () => {
    const logged = await call(t.app, 'GET', '/api/getInfo')
    expect(logged).toEqual({ code: 401, msg: MSG.UNAUTHORIZED, reason: 'UNAUTHORIZED' })
    const app = Fastify()
    registerEnvelope(app)
    app.get('/api/gate', async () => {
      throw realNameRequired('提现')
    })
    try {
      expect((await app.inject({ method: 'GET', url: '/api/gate' })).json()).toEqual({
        code: 400,
        msg: '提现前请先完成实名认证',
        reason: 'REAL_NAME_REQUIRED',
        requestId: expect.any(String),
      })
    } finally {
      await app.close()
    }
  })

  it('answers a real fault with code 500, a generic message and no stack', async () => {
    const app = Fastify()
    registerEnvelope(app)
    app.get('/api/boom', async () => {
      throw new Error('database exploded at /secret/path')
    })
    app.get('/api/business', async () => {
      throw new ApiError(601, '余额不足', 'WARN')
    })
    try {
      const res = await app.inject({ method: 'GET', url: '/api/boom' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        code: 500,
        msg: MSG.UNKNOWN,
        reason: 'SERVER_ERROR',
        requestId: expect.any(String),
      })
      expect(res.body).not.toContain('secret')
      expect((await app.inject({ method: 'GET', url: '/api/business' })).json()).toEqual({
        code: 601,
        msg: '余额不足',
        reason: 'WARN',
        requestId: expect.any(String),
      })
    } finally {
      await app.close()
    }
  })
})
