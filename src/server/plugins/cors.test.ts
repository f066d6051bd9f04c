import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_APP_ORIGIN } from '../../shared/constants'
import { startTestApp, type TestApp } from '../test-utils'

describe('CORS for the desktop renderer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ corsOrigins: ['http://localhost:5173'] })
  })
  afterAll(() => t.close())

  it('answers the preflight of the desktop app and the configured dev origin', async () => {
    for (const origin of [DESKTOP_APP_ORIGIN, 'http://localhost:5173']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/getInfo',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
      expect(res.statusCode, origin).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe(origin)
      expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/)
    }
  })

  it('lets the desktop app read answers and gives other origins nothing', async () => {
    const ok = await t.app.inject({
      url: '/api/goods/game/getGames',
      headers: { origin: DESKTOP_APP_ORIGIN },
    })
    expect(ok.headers['access-control-allow-origin']).toBe(DESKTOP_APP_ORIGIN)
    expect(ok.json().code).toBe(200)
    const evil = await t.app.inject({
      url: '/api/goods/game/getGames',
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/getInfo',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  })
})
