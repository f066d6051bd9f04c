import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { MSG } from '@shared/messages'
import { NETWORK_TOAST_SECONDS, REQUEST_TIMEOUT_MS, TOKEN_COOKIE } from '@shared/constants'
import { ApiError, configureHttp, errorReference, http, setHttpAdapter, type HttpEffects } from './http'

type Reply = { status?: number; data: unknown } | ((config: InternalAxiosRequestConfig) => never)

let seen: InternalAxiosRequestConfig[] = []
function stubTransport(reply: Reply) {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    if (typeof reply === 'function') return reply(config)
    return { data: reply.data, status: reply.status ?? 200, statusText: 'OK', headers: {}, config }
  }
  setHttpAdapter(adapter)
}

let effects: { [K in keyof HttpEffects]: ReturnType<typeof vi.fn> }
let restore: () => void

beforeEach(() => {
  seen = []
  effects = {
    notify: vi.fn(),
    navigate: vi.fn(),
    clearSession: vi.fn(),
    currentPath: vi.fn(() => '/buyer/buyOrder.html?status=2'),
    realNameRequired: vi.fn(),
  }
  restore = configureHttp(effects as unknown as HttpEffects)
})

afterEach(() => {
  restore()
})

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to fail')
}

describe('request setup', () => {
  it('uses /api, a 10 s time-out, JSON and the Bearer token from the platform', async () => {
    document.cookie = `${TOKEN_COOKIE}=tok-123; path=/`
    stubTransport({ data: { code: 200, msg: 'ok', data: 1 } })
    await http.get('/getInfo')
    const config = seen[0]!
    expect(config.baseURL).toBe('/api')
    expect(config.timeout).toBe(REQUEST_TIMEOUT_MS)
    expect(String(config.headers['Content-Type'])).toContain('application/json')
    expect(config.headers.Authorization).toBe('Bearer tok-123')
  })

  it('sends no Authorization header when the call opts out or there is no token', async () => {
    document.cookie = `${TOKEN_COOKIE}=tok-123; path=/`
    stubTransport({ data: { code: 200 } })
    await http.get('/captchaImage', undefined, { skipAuth: true })
    expect(seen[0]!.headers.Authorization).toBeUndefined()
    document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    await http.get('/x')
    expect(seen[1]!.headers.Authorization).toBeUndefined()
  })

  it('serialises GET params with object values flattened as name[key]', async () => {
    stubTransport({ data: { code: 200 } })
    await http.get('/list', { pageNum: 2, params: { beginTime: '2024-01-01' } })
    const config = seen[0]!
    const qs =
      config.paramsSerializer &&
      typeof config.paramsSerializer === 'object' &&
      config.paramsSerializer.serialize
    expect(qs).toBeTypeOf('function')
    expect(decodeURIComponent((qs as (p: object) => string)(config.params))).toBe(
      'pageNum=2&params[beginTime]=2024-01-01',
    )
  })
})

describe('answers (docs/error-codes.md)', () => {
  it('200 resolves with the body, without side effects', async () => {
    stubTransport({ data: { code: 200, msg: '操作成功', data: { a: 1 } } })
    await expect(http.get('/x')).resolves.toEqual({ code: 200, msg: '操作成功', data: { a: 1 } })
    expect(effects.notify).not.toHaveBeenCalled()
    expect(effects.navigate).not.toHaveBeenCalled()
  })

  it('a body without code counts as 200 (also a numeric text code)', async () => {
    stubTransport({ data: { token: 't' } })
    await expect(http.get('/x')).resolves.toEqual({ token: 't' })
    stubTransport({ data: { code: '200', data: 5 } })
    await expect(http.get('/x')).resolves.toEqual({ code: '200', data: 5 })
    expect(effects.notify).not.toHaveBeenCalled()
  })

  it('judges by the business code even when the HTTP status is an error', async () => {
    stubTransport({ status: 400, data: { code: 400, msg: '用户名或密码错误' } })
    const error = await failure(http.get('/x'))
    expect(error.code).toBe(400)
    expect(effects.notify).toHaveBeenCalledWith('error', '用户名或密码错误')
  })

  it('500: error toast 网络不稳定，请稍后再试！ and go home', async () => {
    stubTransport({ data: { code: 500, msg: 'NullPointerException' } })
    const error = await failure(http.get('/x'))
    expect(error.code).toBe(500)
    expect(error.message).toBe(MSG.SERVER_UNSTABLE)
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.SERVER_UNSTABLE)
    expect(effects.navigate).toHaveBeenCalledWith('/')
    expect(effects.clearSession).not.toHaveBeenCalled()
  })

  it('500 with a request id: the toast names it as 错误编号', async () => {
    stubTransport({
      data: { code: 500, msg: '系统未知错误', reason: 'SERVER_ERROR', requestId: '3f9a0c12be45' },
    })
    const error = await failure(http.get('/x'))
    expect(error.requestId).toBe('3f9a0c12be45')
    expect(errorReference(error)).toBe('错误编号 3f9a0c12be45')
    expect(effects.notify).toHaveBeenCalledWith('error', `${MSG.SERVER_UNSTABLE}（错误编号 3f9a0c12be45）`)
    // a business refusal is the user's to fix: no number to report
    stubTransport({ data: { code: 400, msg: '余额不足', reason: 'BAD_REQUEST', requestId: '3f9a0c12be46' } })
    expect(errorReference(await failure(http.get('/x')))).toBeUndefined()
  })

  it.each([521, 522])('%i: the server msg as a warning, login cleared, go to /login.html', async (code) => {
    stubTransport({ data: { code, msg: '您的账号已在其他设备登录' } })
    const error = await failure(http.get('/x'))
    expect(error.code).toBe(code)
    expect(effects.notify).toHaveBeenCalledWith('warning', '您的账号已在其他设备登录')
    expect(effects.clearSession).toHaveBeenCalledTimes(1)
    expect(effects.navigate).toHaveBeenCalledWith('/login.html')
  })

  it('401: 认证失败…, logged out, sent to login with the current page as redirect', async () => {
    stubTransport({ data: { code: 401, msg: 'token expired' } })
    const error = await failure(http.get('/x'))
    expect(error.message).toBe(MSG.UNAUTHORIZED)
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.UNAUTHORIZED)
    expect(effects.clearSession).toHaveBeenCalledTimes(1)
    expect(effects.navigate).toHaveBeenCalledWith(
      `/login.html?redirect=${encodeURIComponent('/buyer/buyOrder.html?status=2')}`,
    )
  })

  it('401 also acts when the caller handles business errors itself', async () => {
    stubTransport({ data: { code: 401 } })
    await failure(http.get('/x', undefined, { errors: 'caller' }))
    expect(effects.clearSession).toHaveBeenCalled()
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.UNAUTHORIZED)
  })

  it.each([
    [403, MSG.FORBIDDEN],
    [404, MSG.NOT_FOUND],
  ])('%i: the fixed message, whatever the server says', async (code, text) => {
    stubTransport({ data: { code, msg: 'server text' } })
    const error = await failure(http.get('/x'))
    expect(error.message).toBe(text)
    expect(effects.notify).toHaveBeenCalledWith('error', text)
    expect(effects.navigate).not.toHaveBeenCalled()
    expect(effects.clearSession).not.toHaveBeenCalled()
  })

  it('other codes: the server msg as an error toast, or 系统未知错误 without msg', async () => {
    stubTransport({ data: { code: 429, msg: '操作过于频繁，请稍后再试' } })
    expect((await failure(http.get('/x'))).message).toBe('操作过于频繁，请稍后再试')
    expect(effects.notify).toHaveBeenLastCalledWith('error', '操作过于频繁，请稍后再试')
    stubTransport({ data: { code: 601 } })
    expect((await failure(http.get('/x'))).message).toBe(MSG.UNKNOWN)
    expect(effects.notify).toHaveBeenLastCalledWith('error', MSG.UNKNOWN)
  })

  it("errors: 'caller' — no toast; the caller gets the message to show", async () => {
    stubTransport({ data: { code: 400, msg: '验证码错误' } })
    const error = await failure(http.post('/login', {}, { errors: 'caller' }))
    expect(error.message).toBe('验证码错误')
    expect(error.notified).toBe(false)
    expect(effects.notify).not.toHaveBeenCalled()
  })

  it('the trading gate is told by reason, not by text: the real-name dialog, whoever called', async () => {
    const text = '提现前请先完成实名认证'
    stubTransport({ data: { code: 400, msg: text, reason: 'REAL_NAME_REQUIRED' } })
    const error = await failure(http.post('/withdraw', {}, { errors: 'caller' }))
    expect(error.reason).toBe('REAL_NAME_REQUIRED')
    expect(error.notified).toBe(true)
    expect(effects.realNameRequired).toHaveBeenCalledWith(text)
    // the same words with another reason are an ordinary refusal
    stubTransport({ data: { code: 400, msg: text, reason: 'BAD_REQUEST' } })
    expect((await failure(http.post('/withdraw', {}))).reason).toBe('BAD_REQUEST')
    expect(effects.realNameRequired).toHaveBeenCalledTimes(1)
    expect(effects.notify).toHaveBeenLastCalledWith('error', text)
  })

  it('a gateway page without the API behind it (502) is a transport failure', async () => {
    stubTransport({ status: 502, data: '<html>Bad Gateway</html>' })
    const error = await failure(http.get('/x'))
    expect(error.kind).toBe('transport')
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.NETWORK_DOWN, NETWORK_TOAST_SECONDS)
  })
})

describe('transport failures', () => {
  it('no answer: error toast 网络开小差啦… for 5 seconds, rejected', async () => {
    stubTransport((config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)
    })
    const error = await failure(http.get('/x'))
    expect(error.kind).toBe('transport')
    expect(error.message).toBe(MSG.NETWORK_DOWN)
    expect(NETWORK_TOAST_SECONDS).toBe(5)
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.NETWORK_DOWN, 5)
    expect(effects.navigate).not.toHaveBeenCalled()
  })

  it('time-out: the same toast', async () => {
    stubTransport((config) => {
      throw new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, config)
    })
    await failure(http.get('/x'))
    expect(effects.notify).toHaveBeenCalledWith('error', MSG.NETWORK_DOWN, 5)
  })

  it('a canceled call is rejected silently', async () => {
    stubTransport({ data: { code: 200 } })
    const controller = new AbortController()
    controller.abort()
    const error = await failure(http.get('/x', undefined, { signal: controller.signal }))
    expect(error.kind).toBe('canceled')
    expect(effects.notify).not.toHaveBeenCalled()
  })
})
