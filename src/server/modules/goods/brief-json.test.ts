/**
 * The listings' rows kept as JSON (brief-json.ts): kept per listing until the TTL or the moment the
 * row changes by itself, dropped by a clear, and not kept when a change came while they were loading.
 */
import { describe, expect, it } from 'vitest'
import type { GoodsBrief } from '../../../shared/api'
import { SerializedPage } from '../../plugins/envelope'
import { BriefJson, type LoadedBrief } from './brief-json'

const brief = (goodsId: number, title: string) => ({ goodsId, title, pushed: false }) as GoodsBrief

/** A loader over a table of rows that counts what it was asked for. */
function table(rows: Map<number, { title: string; changesAt?: number }>) {
  const asked: number[][] = []
  const load = async (ids: number[]): Promise<LoadedBrief[]> => {
    asked.push([...ids])
    return ids.flatMap((id) => {
      const row = rows.get(id)
      return row ? [{ brief: brief(id, row.title), changesAt: row.changesAt ?? Infinity }] : []
    })
  }
  return { asked, load }
}

const parse = (rows: Buffer[]) => rows.map((r) => JSON.parse(r.toString()) as GoodsBrief)

describe('listing rows kept as JSON', () => {
  it('loads only the rows it does not keep, in the order asked, leaving out listings that are gone', async () => {
    let now = 1000
    const rows = new Map([
      [1, { title: '一' }],
      [2, { title: '二' }],
      [3, { title: '三' }],
    ])
    const db = table(rows)
    const kept = new BriefJson(db.load, () => now, 30_000)
    expect(parse(await kept.rows([3, 9, 1])).map((b) => b.title)).toEqual(['三', '一'])
    rows.set(1, { title: '一改' })
    // 1 and 3 are kept (the change has not been signalled); 9 is asked for again, 2 for the first time
    expect(parse(await kept.rows([1, 2, 3, 9])).map((b) => b.title)).toEqual(['一', '二', '三'])
    expect(db.asked).toEqual([
      [3, 9, 1],
      [2, 9],
    ])
    // a change clears them: the new title
    kept.clear()
    expect(parse(await kept.rows([1])).map((b) => b.title)).toEqual(['一改'])
    // the TTL ends them too
    rows.set(1, { title: '一再改' })
    now += 30_000
    expect(parse(await kept.rows([1])).map((b) => b.title)).toEqual(['一再改'])
  })

  it('reloads a row at the moment it changes by itself (a push ending)', async () => {
    let now = 1000
    const rows = new Map<number, { title: string; changesAt?: number }>([
      [7, { title: '推送中', changesAt: 5000 }],
    ])
    const db = table(rows)
    const kept = new BriefJson(db.load, () => now, 30_000)
    await kept.rows([7])
    now = 4999
    await kept.rows([7])
    expect(db.asked).toHaveLength(1)
    now = 5000
    rows.set(7, { title: '推送结束' })
    expect(parse(await kept.rows([7]))[0].title).toBe('推送结束')
    expect(db.asked).toHaveLength(2)
  })

  it('does not keep a row read before a change that came while it was loading', async () => {
    const rows = new Map([[1, { title: '旧' }]])
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const db = table(rows)
    const kept = new BriefJson(
      async (ids) => {
        const loaded = await db.load(ids)
        await gate
        return loaded
      },
      () => 0,
      30_000,
    )
    const loading = kept.rows([1])
    // the listing changes (and the change is signalled) while the old row is on its way
    rows.set(1, { title: '新' })
    kept.clear()
    release()
    expect(parse(await loading)[0].title).toBe('旧')
    expect(parse(await kept.rows([1]))[0].title).toBe('新')
  })

  it('keeps nothing with a TTL of 0', async () => {
    const db = table(new Map([[1, { title: '一' }]]))
    const kept = new BriefJson(db.load, () => 0, 0)
    await kept.rows([1])
    await kept.rows([1])
    expect(db.asked).toHaveLength(2)
  })

  it('joins kept rows into the page answer a serialiser would have written', () => {
    const rows = [brief(1, '一 "引号" \\ 斜杠'), brief(2, '二')]
    const page = new SerializedPage(
      rows.map((r) => Buffer.from(JSON.stringify(r))),
      2,
      { totalCapped: false },
    )
    expect(JSON.parse(page.body.toString())).toEqual({
      code: 200,
      msg: '查询成功',
      rows,
      total: 2,
      totalCapped: false,
    })
    expect(JSON.parse(new SerializedPage([], 0, {}).body.toString())).toEqual({
      code: 200,
      msg: '查询成功',
      rows: [],
      total: 0,
    })
    // joined once
    expect(page.body).toBe(page.body)
  })
})
