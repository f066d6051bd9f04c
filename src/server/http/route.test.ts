import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { data, endpoint } from '../../shared/api/contract'
import { MSG } from '../../shared/messages'
import { registerAuth } from '../plugins/auth'
import { registerEnvelope } from '../plugins/envelope'
import { unauthorized } from './errors'
import { route } from './route'

/** A staff endpoint declared with a permission string answers 401 / 403 / the result by the caller. */
describe('route() with a permission', () => {
  const app = Fastify()
  const STAFF = endpoint({
    method: 'GET',
    path: '/staff/thing',
    access: 'user',
    permission: 'x:thing:list',
    answer: data<string>(),
  })
  const held: Record<string, string[]> = {
    'tok-admin': ['*:*:*'],
    'tok-op': ['x:thing:list'],
    'tok-buyer': [],
  }
  let handled = 0

  beforeAll(async () => {
    registerEnvelope(app)
    registerAuth(app, {
      authenticate: async (token) => {
        if (!(token in held)) throw unauthorized()
        return { userId: Object.keys(held).indexOf(token) + 1, tokenHash: token }
      },
      hasPermission: async (userId, permission) => {
        const perms = Object.values(held)[userId - 1]
        return perms.includes('*:*:*') || perms.includes(permission)
      },
    })
    route(app, STAFF, async () => {
      handled++
      return 'ok'
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const get = async (token?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/staff/thing',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json()

  it('lets holders of the permission (or *:*:*) through and refuses the others before the handler', async () => {
    expect(await get('tok-admin')).toMatchObject({ code: 200, data: 'ok' })
    expect(await get('tok-op')).toMatchObject({ code: 200, data: 'ok' })
    expect(handled).toBe(2)
    expect(await get('tok-buyer')).toMatchObject({ code: 403, msg: MSG.FORBIDDEN })
    expect(await get()).toMatchObject({ code: 401, msg: MSG.UNAUTHORIZED })
    expect(handled).toBe(2)
  })

  it('refuses to declare a permission on a public endpoint', () => {
    const bad = endpoint({
      method: 'GET',
      path: '/bad',
      access: 'public',
      permission: 'x',
      answer: data<string>(),
    })
    expect(() => route(Fastify(), bad, async () => 'no')).toThrow(/needs access 'user'/)
  })
})
