import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOVE_CONFIG_KEYS } from '../../../shared/api'
import { DEMO, call, startTestApp, tokenOf, type Json, type TestApp } from '../../test-utils'
import { plainText } from './service'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

describe('公会助力', () => {
  let t: TestApp
  let admin: string
  let operator: string
  let kefu: string
  let buyer: string
  let seller: string
  let gameId: number
  beforeAll(async () => {
    t = await startTestApp()
    ;[admin, operator, kefu, buyer, seller] = await Promise.all([
      tokenOf(t.app, ...DEMO.admin),
      tokenOf(t.app, ...DEMO.operator),
      tokenOf(t.app, ...DEMO.kefu),
      tokenOf(t.app, ...DEMO.buyer),
      tokenOf(t.app, ...DEMO.seller),
    ])
    gameId = (await call(t.app, 'GET', '/api/game/list')).data?.[0]?.gameId ?? 1
  })
  afterAll(() => t.close())

  const post = (url: string, token: string | undefined, body: unknown, ip?: string) =>
    call(t.app, 'POST', `/api${url}`, { token, body, ip })
  const get = (url: string, token?: string) => call(t.app, 'GET', `/api${url}`, { token })
  const board = async () => (await get('/platform/love/board')).data
  const supportsOf = (b: Json, guildId: number) =>
    b.guilds.find((g: { guildId: number }) => g.guildId === guildId).supports as number
  const support = (token: string | undefined, guildId: number, ip?: string) =>
    post('/platform/love/support', token, { guildId }, ip)
  const setConfig = (key: string, value: string) =>
    t.app.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', key).execute()
  const opLogs = (action: string) =>
    t.app.db
      .selectFrom('op_logs')
      .select(['action', 'target', 'detail', 'user_name', 'status'])
      .where('action', '=', action)
      .orderBy('id')
      .execute()

  async function activity(startAt: number, endAt: number, title = '测试助力活动') {
    const res = await post('/console/love/activity/add', admin, {
      title,
      startAt,
      endAt,
      rules: '规则一\r\n\r\n\r\n\u0007规则二',
      prizes: ['一等奖'],
    })
    expect(res.code).toBe(200)
    return res.data.activityId as number
  }
  async function guild(activityId: number, name: string) {
    const res = await post('/console/love/guild/add', admin, {
      activityId,
      name,
      gameId,
      serverName: '一区',
    })
    expect(res.code).toBe(200)
    return res.data.guildId as number
  }

  it('the demo board: a running activity, guilds ranked by supports, ties by the earlier last support', async () => {
    const b = await board()
    expect(b.activity).toMatchObject({ title: '第一届公会荣耀助力赛', status: 'RUNNING' })
    expect(b.perDay).toBe(3)
    expect(b.guilds.map((g: Json) => [g.name, g.supports, g.rank])).toEqual([
      ['龙腾天下', 4, 1],
      ['逐风者联盟', 2, 2],
      ['星辰公会', 2, 3],
      ['凌霄阁', 0, 4],
    ])
    // the tie: 逐风者联盟's last support (two days ago) came before 星辰公会's (yesterday)
    expect(b.guilds[1].lastSupportAt).toBeLessThan(b.guilds[2].lastSupportAt)
  })

  it('seeds the console dictionaries of activity status and support state', async () => {
    const values = async (type: string) =>
      (await get(`/system/dict/data/type/${type}`)).data.map((d: Json) => d.dictValue)
    expect(await values('love_activity_status')).toEqual(['UPCOMING', 'RUNNING', 'ENDED'])
    expect(await values('love_support_state')).toEqual(['VALID', 'VOIDED'])
  })

  it('keeps rules as plain text', () => {
    expect(plainText(' <b>规则</b>\r\n\r\n\r\n\u0000第二段 \n')).toBe('<b>规则</b>\n\n第二段')
  })

  it('takes supports only inside the window; outside, the board shows the next activity or the result', async () => {
    const now = Date.now()
    const later = await activity(now + 2 * DAY, now + 5 * DAY, '下一期助力')
    const laterGuild = await guild(later, '未来公会')
    const past = await activity(now - 5 * DAY, now - 2 * DAY, '上一期助力')
    const pastGuild = await guild(past, '往期公会')
    expect(await support(buyer, laterGuild)).toMatchObject({ code: 400, msg: '活动尚未开始，开始后才能助力' })
    expect(await support(buyer, pastGuild)).toMatchObject({ code: 400, msg: '活动已结束，不能再助力' })

    // no running activity: the next one with its start time; none planned: the last result
    const running = await t.app.db.selectFrom('love_activities').select(['id', 'end_at']).execute()
    const demo = running.find((a) => Number(a.end_at) > now + 5 * DAY)!
    await t.app.db
      .updateTable('love_activities')
      .set({ end_at: now - HOUR })
      .where('id', '=', demo.id)
      .execute()
    try {
      expect((await board()).activity).toMatchObject({
        activityId: later,
        status: 'UPCOMING',
        startAt: now + 2 * DAY,
      })
      await t.app.db
        .updateTable('love_activities')
        .set({ start_at: now - 9 * DAY })
        .where('id', '=', later)
        .execute()
      await t.app.db
        .updateTable('love_activities')
        .set({ end_at: now - 8 * DAY })
        .where('id', '=', later)
        .execute()
      const ended = await board()
      expect(ended.activity).toMatchObject({ activityId: demo.id, status: 'ENDED' })
      expect(ended.guilds[0]).toMatchObject({ name: '龙腾天下', rank: 1 })
    } finally {
      await t.app.db
        .updateTable('love_activities')
        .set({ end_at: now + 10 * DAY })
        .where('id', '=', demo.id)
        .execute()
    }
    expect((await board()).activity.activityId).toBe(demo.id)
  })

  it('real-name users only; logged-in only', async () => {
    const { guilds } = await board()
    expect(await support(undefined, guilds[3].guildId)).toMatchObject({ code: 401 })
    // the admin has no verified real name
    expect(await support(admin, guilds[3].guildId)).toMatchObject({
      code: 400,
      msg: '助力前请先完成实名认证',
    })
    const mine = await get(`/platform/love/mine?activityId=${guilds[3].activityId}`, admin)
    expect(mine.data).toMatchObject({ verified: false, usedToday: 0, supportedGuildIds: [] })
  })

  it('one support per guild per day, at most N a day in all; the board moves', async () => {
    const b = await board()
    const [first, second, third, fourth] = b.guilds.map((g: Json) => g.guildId as number)
    const res = await support(buyer, third)
    expect(res).toMatchObject({
      code: 200,
      msg: '助力成功',
      data: { guildId: third, supports: 3, usedToday: 1 },
    })
    const moved = await board()
    // 星辰公会 (3) passes 逐风者联盟 (2)
    expect(moved.guilds.map((g: Json) => g.guildId)).toEqual([first, third, second, fourth])

    expect(await support(buyer, third)).toMatchObject({ code: 400, msg: '今天已为该公会助力过，明天再来吧' })
    expect((await support(buyer, fourth)).code).toBe(200)
    await setConfig(LOVE_CONFIG_KEYS.perDay, '2')
    try {
      expect(await support(buyer, first)).toMatchObject({
        code: 400,
        msg: '每天最多助力 2 次，今日次数已用完',
      })
    } finally {
      await setConfig(LOVE_CONFIG_KEYS.perDay, '3')
    }
    expect((await support(buyer, first)).code).toBe(200)
    expect(await support(buyer, second)).toMatchObject({
      code: 400,
      msg: '每天最多助力 3 次，今日次数已用完',
    })
    const mine = await get(`/platform/love/mine?activityId=${b.activity.activityId}`, buyer)
    expect(mine.data).toMatchObject({ verified: true, usedToday: 3, perDay: 3 })
    expect([...mine.data.supportedGuildIds].sort()).toEqual([third, fourth, first].sort())
    // only the user's own day: the seller has a whole quota
    expect(
      (await get(`/platform/love/mine?activityId=${b.activity.activityId}`, seller)).data.usedToday,
    ).toBe(0)
  })

  it('caps the supports of one address a day', async () => {
    const now = Date.now()
    const a = await activity(now - HOUR, now + DAY, 'IP 上限测试')
    const g1 = await guild(a, '甲公会')
    await setConfig(LOVE_CONFIG_KEYS.perIpDay, '1')
    try {
      expect((await support(buyer, g1, '10.9.9.9')).code).toBe(200)
      expect(await support(seller, g1, '10.9.9.9')).toMatchObject({
        code: 429,
        msg: '当前网络今日助力次数已达上限，请明天再来',
      })
      expect((await support(seller, g1, '10.9.9.10')).code).toBe(200)
    } finally {
      await setConfig(LOVE_CONFIG_KEYS.perIpDay, '20')
    }
  })

  it('staff void supports (by id, by user, by address): they leave the board, the quota stays used', async () => {
    const now = Date.now()
    const a = await activity(now - HOUR, now + DAY, '作废测试')
    const g = await guild(a, '乙公会')
    const h = await guild(a, '丙公会')
    expect((await support(buyer, g, '10.7.7.7')).code).toBe(200)
    expect((await support(seller, g, '10.7.7.8')).code).toBe(200)
    expect((await support(seller, h, '10.7.7.8')).code).toBe(200)
    const guilds = async () => (await get(`/console/love/guild/list?activityId=${a}`, admin)).data
    expect(supportsOf({ guilds: await guilds() }, g)).toBe(2)

    const list = await get(`/console/love/support/list?activityId=${a}&userName=buyer`, operator)
    expect(list.total).toBe(1)
    const supportId = list.rows[0].supportId
    expect(list.rows[0]).toMatchObject({
      guildName: '乙公会',
      userName: 'buyer',
      ip: '10.7.7.7',
      voided: false,
    })

    const byId = await post('/console/love/support/void', operator, {
      supportIds: [supportId],
      reason: '疑似小号刷票',
    })
    expect(byId).toMatchObject({ code: 200, data: { voided: 1 } })
    expect(supportsOf({ guilds: await guilds() }, g)).toBe(1)
    // voiding again: nothing valid left
    expect(
      await post('/console/love/support/void', operator, { supportIds: [supportId], reason: '再来' }),
    ).toMatchObject({
      code: 400,
      msg: '没有可作废的有效助力',
    })
    // the voided support still counts for today: no second support of that guild
    expect(await support(buyer, g)).toMatchObject({ code: 400, msg: '今天已为该公会助力过，明天再来吧' })

    const byIp = await post('/console/love/support/void', admin, {
      activityId: a,
      ip: '10.7.7.8',
      reason: '同一 IP 集中助力',
    })
    expect(byIp.data.voided).toBe(2)
    const after = await guilds()
    expect(after.map((x: Json) => x.supports)).toEqual([0, 0])
    const voided = await get(`/console/love/support/list?activityId=${a}&voided=true`, admin)
    expect(voided.total).toBe(3)
    expect(voided.rows.map((r: Json) => r.voidReason).sort()).toEqual([
      '同一 IP 集中助力',
      '同一 IP 集中助力',
      '疑似小号刷票',
    ])

    expect(
      await post('/console/love/support/void', admin, { activityId: a, reason: '缺少对象' }),
    ).toMatchObject({
      code: 400,
    })
    expect(await post('/console/love/support/void', admin, { userId: 1, reason: '没有活动' })).toMatchObject({
      code: 400,
      msg: '按用户或 IP 作废时必须指定活动',
    })

    const logged = await opLogs('loveVoid')
    expect(logged.map((l) => [l.user_name, l.target, l.detail])).toEqual([
      ['operator', String(supportId), '疑似小号刷票'],
      ['admin', 'ip:10.7.7.8', '同一 IP 集中助力'],
    ])
  })

  it('activity and guild CRUD write op_logs rows; refusals name the field', async () => {
    const now = Date.now()
    expect(
      await post('/console/love/activity/add', admin, {
        title: '反了',
        startAt: now,
        endAt: now - 1,
        rules: '',
        prizes: [],
      }),
    ).toMatchObject({ code: 400, msg: '结束时间必须晚于开始时间' })
    expect(
      await post('/console/love/activity/add', admin, {
        title: 'x'.repeat(61),
        startAt: now,
        endAt: now + DAY,
        rules: '',
        prizes: [],
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('活动标题') })

    const created = await post('/console/love/activity/add', operator, {
      title: '  周末助力  ',
      startAt: now + DAY,
      endAt: now + 3 * DAY,
      rules: '第一段\r\n\r\n\r\n第二段',
      prizes: ['  奖品甲 ', ' \n '],
    })
    expect(created).toMatchObject({
      code: 200,
      data: { title: '周末助力', rules: '第一段\n\n第二段', prizes: ['奖品甲'], status: 'UPCOMING' },
    })
    const id = created.data.activityId
    const edited = await post('/console/love/activity/edit', operator, {
      activityId: id,
      title: '周末助力（改）',
      startAt: now + DAY,
      endAt: now + 4 * DAY,
      rules: '新规则',
      prizes: [],
    })
    expect(edited.data).toMatchObject({ title: '周末助力（改）', endAt: now + 4 * DAY })
    const g = await post('/console/love/guild/add', operator, {
      activityId: id,
      name: '丁公会',
      gameId,
      serverName: '二区',
    })
    expect(g.data).toMatchObject({ name: '丁公会', serverName: '二区', supports: 0, logoUrl: null })
    expect(
      await post('/console/love/guild/add', operator, {
        activityId: id,
        name: '坏徽标',
        gameId,
        serverName: '二区',
        logoImageId: 'a'.repeat(32),
      }),
    ).toMatchObject({ code: 400 })
    expect(
      await post('/console/love/guild/add', operator, {
        activityId: id,
        name: '无游戏',
        gameId: 999999,
        serverName: '二区',
      }),
    ).toMatchObject({ code: 400, msg: '游戏不存在' })
    expect(
      (
        await post('/console/love/guild/edit', operator, {
          guildId: g.data.guildId,
          activityId: id,
          name: '丁公会2',
          gameId,
          serverName: '三区',
        })
      ).data,
    ).toMatchObject({ name: '丁公会2', serverName: '三区' })
    expect((await post('/console/love/guild/remove', operator, { guildId: g.data.guildId })).code).toBe(200)
    expect((await post('/console/love/activity/remove', operator, { activityId: id })).code).toBe(200)
    expect(
      (await get('/console/love/activity/list', operator)).rows.map((a: Json) => a.activityId),
    ).not.toContain(id)

    // an activity or guild with supports cannot be removed
    const { activity: running, guilds } = await board()
    expect(
      await post('/console/love/activity/remove', admin, { activityId: running.activityId }),
    ).toMatchObject({
      code: 400,
      msg: '活动已有助力记录，不能删除',
    })
    expect(await post('/console/love/guild/remove', admin, { guildId: guilds[0].guildId })).toMatchObject({
      code: 400,
      msg: '公会已有助力记录，不能删除',
    })

    for (const action of [
      'loveActivityAdd',
      'loveActivityEdit',
      'loveActivityRemove',
      'loveGuildAdd',
      'loveGuildEdit',
      'loveGuildRemove',
    ]) {
      const rows = await opLogs(action)
      expect(
        rows.some((r) => r.user_name === 'operator' && r.status === 'SUCCESS'),
        action,
      ).toBe(true)
    }
    const [editRow] = await t.app.db
      .selectFrom('op_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'loveActivityEdit')
      .where('target', '=', String(id))
      .execute()
    expect(JSON.parse(editRow.before_json!)).toMatchObject({ title: '周末助力' })
    expect(JSON.parse(editRow.after_json!)).toMatchObject({ title: '周末助力（改）' })
  })

  it('staff endpoints: admin and operator pass, 客服 and buyer 403 (logged), visitor 401', async () => {
    const { activity: running, guilds } = await board()
    const endpoints: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/console/love/activity/list'],
      ['GET', `/console/love/guild/list?activityId=${running.activityId}`],
      ['GET', '/console/love/support/list'],
      ['POST', '/console/love/activity/add', { title: 't', startAt: 1, endAt: 2, rules: '', prizes: [] }],
      [
        'POST',
        '/console/love/activity/edit',
        { activityId: running.activityId, title: 't', startAt: 1, endAt: 2, rules: '', prizes: [] },
      ],
      ['POST', '/console/love/activity/remove', { activityId: running.activityId }],
      [
        'POST',
        '/console/love/guild/add',
        { activityId: running.activityId, name: 'n', gameId, serverName: 's' },
      ],
      [
        'POST',
        '/console/love/guild/edit',
        { guildId: guilds[0].guildId, activityId: running.activityId, name: 'n', gameId, serverName: 's' },
      ],
      ['POST', '/console/love/guild/remove', { guildId: guilds[0].guildId }],
      ['POST', '/console/love/support/void', { supportIds: [1], reason: 'r' }],
    ]
    const before = (
      await t.app.db.selectFrom('op_logs').select('id').where('status', '=', 'DENIED').execute()
    ).length
    for (const [method, url, body] of endpoints) {
      const as = (token?: string) => call(t.app, method, `/api${url}`, { token, body })
      expect((await as(buyer)).code, url).toBe(403)
      expect((await as(kefu)).code, url).toBe(403)
      expect((await as(undefined)).code, url).toBe(401)
    }
    const after = (await t.app.db.selectFrom('op_logs').select('id').where('status', '=', 'DENIED').execute())
      .length
    expect(after - before).toBe(endpoints.length * 2)
    for (const token of [admin, operator]) {
      expect((await get('/console/love/activity/list', token)).code).toBe(200)
      expect((await get(`/console/love/guild/list?activityId=${running.activityId}`, token)).code).toBe(200)
      expect((await get('/console/love/support/list', token)).code).toBe(200)
    }
  })
})
