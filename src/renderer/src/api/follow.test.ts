import { afterEach, describe, expect, it } from 'vitest'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { FOLLOW } from '@shared/api/follow'
import { brief } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { followedIdsQuery } from './follow'

let server: FakeServer | undefined
afterEach(() => server?.restore())

describe('followedIdsQuery', () => {
  it("has a visitor's empty set from the first read, without asking the server or changing later", async () => {
    server = fakeServer().on(FOLLOW.list, { total: 0, rows: [] })
    const client = new QueryClient()
    const observer = new QueryObserver(client, followedIdsQuery(false))
    const first = observer.getCurrentResult()
    expect(first.status).toBe('success')
    expect([...first.data!]).toEqual([])
    const changes: unknown[] = []
    const stop = observer.subscribe((r) => changes.push(r.data))
    await new Promise((r) => setTimeout(r, 20))
    stop()
    // a later change would re-render a whole list page right after hydration
    expect(changes).toEqual([])
    expect(server.callsTo(FOLLOW.list)).toHaveLength(0)
  })

  it("asks for a logged-in user's follows", async () => {
    server = fakeServer().on(FOLLOW.list, {
      total: 1,
      rows: [{ ...brief(7), followedAt: 1_717_000_000_000, priceWhenFollowed: 10_000, priceChange: 0 }],
    })
    const client = new QueryClient()
    const ids = await client.fetchQuery(followedIdsQuery(true))
    expect([...ids]).toEqual([7])
    expect(server.callsTo(FOLLOW.list)).toHaveLength(1)
  })
})
