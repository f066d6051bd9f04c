/**
 * 在线客服 (docs/customer-service.md) on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set:
 * the service hours (left messages outside them, the place in the queue inside), the queue and
 * taking, the automatic assignment by load (and two processes racing on PostgreSQL), transfer,
 * ending and rating once, permissions and owner checks, the message rules and rate limits, the
 * order of messages and resuming after a message id, the 工号 the verification page confirms, an
 * agent's post in the escrow room, and the staff read from a dispute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CS_LIMITS } from '../../../shared/api/cs'
import { DEMO, TEST_DIALECTS, startTestApp, startTestAppOn, tokenOf, type TestApp } from '../../test-utils'
import { gameNamed, kingAccount, newUser, publish } from '../goods/test-helpers'
import { funded, get, paidOrder, post } from '../trade/test-helpers'
import { chinaTimeLabel, inHours, nextOpening, parseHours } from './hours'

const H = 60 * 60 * 1000
/** 2026-11-28 00:00 China time */
const CHINA_MIDNIGHT = Date.UTC(2026, 10, 27, 16, 0)

describe('service hours (China time)', () => {
  const h = parseHours('10:00-22:30')
  it('is inside from 10:00 to 22:29 and names the next opening', () => {
    expect(inHours(h, CHINA_MIDNIGHT + 9.99 * H)).toBe(false)
    expect(inHours(h, CHINA_MIDNIGHT + 10 * H)).toBe(true)
    expect(inHours(h, CHINA_MIDNIGHT + 22.49 * H)).toBe(true)
    expect(inHours(h, CHINA_MIDNIGHT + 22.5 * H)).toBe(false)
    expect(nextOpening(h, CHINA_MIDNIGHT + 3 * H)).toBe(CHINA_MIDNIGHT + 10 * H)
    expect(nextOpening(h, CHINA_MIDNIGHT + 23 * H)).toBe(CHINA_MIDNIGHT + 34 * H)
    expect(chinaTimeLabel(CHINA_MIDNIGHT + 34 * H)).toBe('11月29日 10:00')
    expect(parseHours('坏值').label).toBe('10:00-22:30')
  })
})

let clock = Date.now()
const now = () => clock

/** hours that contain (or exclude) the current China minute */
function hoursAround(inside: boolean): string {
  const minute = Math.floor(((clock + 8 * H) % (24 * H)) / 60_000)
  if (inside) return minute < 23 * 60 + 50 ? '00:00-23:59' : '23:00-23:59'
  return minute >= 12 * 60 ? '01:00-02:00' : '13:00-14:00'
}

describe.each(TEST_DIALECTS)('在线客服 on %s', (dialect) => {
  let t: TestApp
  let drop: () => Promise<void>
  let databaseUrl: string | undefined
  let admin: string
  let kefu: string
  let kefuId: number
  let boss: string

  const setHours = async (inside: boolean) =>
    expect(
      (
        await post(t.app, '/api/console/config/edit', admin, {
          configKey: 'cs.serviceHours',
          configValue: hoursAround(inside),
        })
      ).code,
    ).toBe(200)
  const open = (token: string, body: object = {}) => post(t.app, '/api/cs/conversation/open', token, body)
  const send = (token: string, conversationId: number, content?: string, extra: object = {}) =>
    post(t.app, '/api/cs/message', token, {
      conversationId,
      ...(content === undefined ? {} : { content }),
      ...extra,
    })
  const agentSend = (token: string, conversationId: number, content: string) =>
    post(t.app, '/api/cs/agent/message', token, { conversationId, content })
  const messages = (token: string, id: number, afterId = 0) =>
    get(t.app, `/api/cs/messages/${id}?afterId=${afterId}`, token)
  const endAll = async () => {
    // leaves no conversation waiting or active (each test starts from an empty queue)
    const rows = await t.app.db
      .selectFrom('cs_conversations')
      .select('id')
      .where('status', '<>', 'ENDED')
      .execute()
    for (const r of rows) await post(t.app, '/api/cs/agent/end', boss, { conversationId: Number(r.id) })
    await t.app.db.updateTable('cs_agents').set({ status: 'OFFLINE' }).execute()
  }
  /** a new user holding the 客服 role */
  async function newAgent(prefix: string) {
    const u = await newUser(t.app, prefix, { verified: false })
    const role = await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('role_key', '=', 'cs')
      .executeTakeFirstOrThrow()
    await t.app.db.insertInto('user_roles').values({ user_id: u.userId, role_id: role.id }).execute()
    return u
  }

  beforeAll(async () => {
    ;({ t, drop, databaseUrl } = await startTestAppOn(dialect, 'cs', {
      now,
      tradeSweepMs: 0,
      csAssignMs: 0,
      paySimulators: true,
    }))
    admin = await tokenOf(t.app, ...DEMO.admin)
    kefu = await tokenOf(t.app, ...DEMO.kefu)
    boss = await tokenOf(t.app, 'kefuzhuguan', 'Kefu@1234')
    kefuId = (await get(t.app, '/api/cs/agent/me', kefu)).data.userId
  })
  afterAll(async () => {
    await t?.close()
    await drop?.()
  })

  it('outside the hours keeps a left message and says when it will be answered', async () => {
    await endAll()
    await setHours(false)
    const u = await newUser(t.app, 'csl', { verified: false })
    const status = await get(t.app, '/api/cs/status')
    expect(status.data).toMatchObject({ mode: 'builtin', inHours: false, widget: null })
    const opened = await open(u.token)
    expect(opened.data).toMatchObject({
      resumed: false,
      conversation: { status: 'WAITING', leftMessage: true },
    })
    const id = opened.data.conversation.conversationId
    const sent = await send(u.token, id, '我的订单一直没有发货')
    expect(sent.data).toMatchObject({ leftMessage: true, queuePosition: null })
    expect(sent.data.answerAt).toBe(status.data.nextOpenAt)
    expect(sent.data.notice).toContain(`客服将于 ${chinaTimeLabel(sent.data.answerAt)} 上班后尽快回复`)
    // the automatic assignment waits for the hours even with an agent online
    await post(t.app, '/api/cs/agent/status', kefu, { status: 'ONLINE' })
    expect((await post(t.app, '/api/cs/agent/autoAssign', boss, {})).data).toEqual({ assigned: 0 })
    expect((await get(t.app, `/api/cs/conversation/${id}`, u.token)).data.status).toBe('WAITING')
  })

  it('offers the external widget only when chosen and its address is configured', async () => {
    const edit = (configKey: string, configValue: string) =>
      post(t.app, '/api/console/config/edit', admin, { configKey, configValue })
    expect((await edit('cs.provider', 'other')).code).toBe(400)
    expect((await edit('cs.provider', 'widget')).code).toBe(200)
    expect((await edit('cs.serviceUrl', '')).code).toBe(200)
    expect((await get(t.app, '/api/cs/status')).data).toMatchObject({ mode: 'builtin', widget: null })
    expect((await edit('cs.serviceUrl', 'https://widget.example.com/chat.js')).code).toBe(200)
    expect((await edit('cs.customerId', 'corp-1')).code).toBe(200)
    expect((await get(t.app, '/api/cs/status')).data).toMatchObject({
      mode: 'widget',
      widget: { scriptUrl: 'https://widget.example.com/chat.js', customerId: 'corp-1' },
    })
    expect((await get(t.app, '/api/system/config/configKey/cs.provider')).data).toBe('widget')
    expect((await edit('cs.provider', 'builtin')).code).toBe(200)
    expect((await get(t.app, '/api/cs/status')).data.mode).toBe('builtin')
  })

  it('inside the hours: the place in the queue, take one, the 工号 confirmed by the verification page', async () => {
    await endAll()
    await setHours(true)
    const a = await newUser(t.app, 'csa', { verified: false })
    const b = await newUser(t.app, 'csb', { verified: false })
    const first = await open(a.token)
    const second = await open(b.token)
    expect(first.data.conversation).toMatchObject({ status: 'WAITING', queuePosition: 1, leftMessage: false })
    expect(second.data.conversation.queuePosition).toBe(2)
    // resuming gives the same conversation
    const again = await open(a.token)
    expect(again.data).toMatchObject({
      resumed: true,
      conversation: { conversationId: first.data.conversation.conversationId },
    })
    expect((await send(b.token, second.data.conversation.conversationId, '在吗')).data.notice).toBe(
      '当前排在第 2 位，请稍候',
    )

    clock += 30_000
    const queue = await get(t.app, '/api/cs/agent/queue', kefu)
    expect(queue.data.map((q: { userId: number }) => q.userId)).toEqual([a.userId, b.userId])
    expect(queue.data[0].waitSeconds).toBeGreaterThanOrEqual(30)

    const taken = await post(t.app, '/api/cs/agent/take', kefu, {})
    expect(taken.data).toMatchObject({ userId: a.userId, status: 'ACTIVE', agentUserId: kefuId })
    const id = taken.data.conversationId
    // someone else cannot take it again
    expect(await post(t.app, '/api/cs/agent/take', boss, { conversationId: id })).toMatchObject({
      code: 400,
      msg: '该会话已被其他客服接待',
    })
    expect(
      (await get(t.app, `/api/cs/conversation/${second.data.conversation.conversationId}`, b.token)).data
        .queuePosition,
    ).toBe(1)

    const reply = await agentSend(kefu, id, '您好，请问有什么可以帮您？')
    const me = (await get(t.app, '/api/cs/agent/me', kefu)).data
    expect(reply.data).toMatchObject({ sender: 'agent', staffNo: me.staffNo, senderName: me.staffName })
    const verify = await get(
      t.app,
      `/api/platform/cs/verify?channel=STAFF_NO&value=${me.staffNo.toLowerCase()}`,
    )
    expect(verify.data).toMatchObject({ verdict: 'OFFICIAL', staffName: me.staffName })
    expect((await get(t.app, '/api/platform/cs/verify?channel=STAFF_NO&value=KF99999999')).data.verdict).toBe(
      'UNKNOWN',
    )

    const seen = await messages(a.token, id)
    expect(seen.data.map((m: { sender: string }) => m.sender)).toEqual(['system', 'system', 'agent'])
    expect(seen.data[1].content).toContain(me.staffNo)
    expect((await get(t.app, `/api/cs/conversation/${id}`, a.token)).data).toMatchObject({
      agent: { staffNo: me.staffNo },
      unread: 0,
    })
    const oplog = await t.app.db
      .selectFrom('op_logs')
      .select(['action'])
      .where('target', '=', String(id))
      .execute()
    expect(oplog.map((r) => r.action)).toEqual(expect.arrayContaining(['cs-take', 'cs-message']))
  })

  it('assigns automatically by load, to available agents only, never twice', async () => {
    await endAll()
    await setHours(true)
    const other = await newAgent('csag')
    await post(t.app, '/api/cs/agent/status', kefu, { status: 'ONLINE' })
    await post(t.app, '/api/cs/agent/status', other.token, { status: 'ONLINE' })
    const users = await Promise.all([1, 2, 3].map(() => newUser(t.app, 'csq', { verified: false })))
    // opening assigns on enqueue
    const opened = await Promise.all(users.map((u) => open(u.token)))
    const ids = opened.map((o) => o.data.conversation.conversationId as number)
    const rows = await t.app.db
      .selectFrom('cs_conversations')
      .select(['id', 'agent_id', 'status'])
      .where('id', 'in', ids)
      .execute()
    expect(rows.every((r) => r.status === 'ACTIVE')).toBe(true)
    const loads = new Map<number, number>()
    for (const r of rows) loads.set(Number(r.agent_id), (loads.get(Number(r.agent_id)) ?? 0) + 1)
    expect([...loads.values()].sort()).toEqual([1, 2])
    // the first user sees who answers
    expect(opened[0]!.data.conversation.agent).not.toBeNull()

    // an agent away (not seen for a while) or offline gets nothing
    await endAll()
    await post(t.app, '/api/cs/agent/status', other.token, { status: 'ONLINE' })
    clock += CS_LIMITS.agentAwayMs + 1_000
    const late = await newUser(t.app, 'csq', { verified: false })
    const w = await open(late.token)
    expect(w.data.conversation.status).toBe('WAITING')
    // the agent comes back: two sweeps at once assign it once
    await get(t.app, '/api/cs/agent/queue', other.token)
    const runs = await Promise.all([1, 2, 3].map(() => post(t.app, '/api/cs/agent/autoAssign', boss, {})))
    expect(runs.reduce((s, r) => s + r.data.assigned, 0)).toBe(1)
    const sys = await t.app.db
      .selectFrom('cs_messages')
      .select('content')
      .where('conversation_id', '=', w.data.conversation.conversationId)
      .where('content', 'like', '%正在为您服务%')
      .execute()
    expect(sys).toHaveLength(1)
  })

  it('transfer is for supervisors; ending and rating once, by the owner', async () => {
    await endAll()
    await setHours(true)
    const other = await newAgent('cst')
    await get(t.app, '/api/cs/agent/me', other.token)
    const u = await newUser(t.app, 'csr', { verified: false })
    const id = (await open(u.token)).data.conversation.conversationId
    await post(t.app, '/api/cs/agent/take', kefu, { conversationId: id })
    // a plain agent may not transfer (permission checked on the server)
    expect(
      (await post(t.app, '/api/cs/agent/transfer', kefu, { conversationId: id, toUserId: other.userId }))
        .code,
    ).toBe(403)
    const moved = await post(t.app, '/api/cs/agent/transfer', boss, {
      conversationId: id,
      toUserId: other.userId,
    })
    expect(moved.data).toMatchObject({ agentUserId: other.userId, status: 'ACTIVE' })
    // the former agent no longer answers it nor sees it
    expect((await agentSend(kefu, id, '还在吗')).code).toBe(404)
    expect((await agentSend(other.token, id, '我来接手')).code).toBe(200)

    expect(
      (await post(t.app, '/api/cs/conversation/rate', u.token, { conversationId: id, score: 5 })).msg,
    ).toBe('会话结束后才能评价')
    expect((await post(t.app, '/api/cs/agent/end', other.token, { conversationId: id })).data.status).toBe(
      'ENDED',
    )
    expect((await send(u.token, id, '再问一句')).msg).toBe('会话已结束，如需帮助请重新发起咨询')
    const stranger = await newUser(t.app, 'css', { verified: false })
    expect(
      (await post(t.app, '/api/cs/conversation/rate', stranger.token, { conversationId: id, score: 1 })).code,
    ).toBe(404)
    expect(
      (await post(t.app, '/api/cs/conversation/rate', u.token, { conversationId: id, score: 6 })).code,
    ).toBe(400)
    const rated = await post(t.app, '/api/cs/conversation/rate', u.token, {
      conversationId: id,
      score: 4,
      text: '很快',
    })
    expect(rated.data.rating).toMatchObject({ score: 4, text: '很快' })
    expect(
      (await post(t.app, '/api/cs/conversation/rate', u.token, { conversationId: id, score: 1 })).msg,
    ).toBe('该会话已评价过')

    const figures = await get(t.app, '/api/cs/supervisor/figures', boss)
    expect(figures.data.today.ratingCount).toBeGreaterThanOrEqual(1)
    expect(figures.data.agents.find((a: { userId: number }) => a.userId === other.userId)).toMatchObject({
      handledToday: 1,
      ratingAverage: 4,
    })
    expect((await get(t.app, '/api/cs/supervisor/figures', kefu)).code).toBe(403)
    const dash = await get(t.app, '/api/console/dashboard', admin)
    expect(dash.data.today).toHaveProperty('csWaiting')
    expect(typeof dash.data.today.csFirstResponseMedianSeconds).toBe('number')
    // a new conversation after the end
    expect((await open(u.token)).data.resumed).toBe(false)
  })

  it('owner checks and staff permissions', async () => {
    await endAll()
    await setHours(true)
    const u = await newUser(t.app, 'cso', { verified: false })
    const stranger = await newUser(t.app, 'csx', { verified: false })
    const id = (await open(u.token)).data.conversation.conversationId
    expect((await get(t.app, `/api/cs/conversation/${id}`, stranger.token)).code).toBe(404)
    expect((await messages(stranger.token, id)).code).toBe(404)
    expect((await send(stranger.token, id, '你好')).code).toBe(404)
    expect((await post(t.app, '/api/cs/conversation/end', stranger.token, { conversationId: id })).code).toBe(
      404,
    )
    // a user is not an agent
    expect((await get(t.app, '/api/cs/agent/queue', u.token)).code).toBe(403)
    expect((await get(t.app, `/api/cs/agent/messages/${id}`, u.token)).code).toBe(403)
    // an agent sees another agent's conversation only as a supervisor
    const other = await newAgent('csp')
    await post(t.app, '/api/cs/agent/take', other.token, { conversationId: id })
    expect((await get(t.app, `/api/cs/agent/messages/${id}`, kefu)).code).toBe(404)
    expect((await get(t.app, `/api/cs/agent/messages/${id}`, boss)).code).toBe(200)
    const all = await get(t.app, '/api/cs/agent/conversations?all=true', boss)
    expect(all.data.map((c: { conversationId: number }) => c.conversationId)).toContain(id)
    const mine = await get(t.app, '/api/cs/agent/conversations?all=true', kefu)
    expect(mine.data.map((c: { conversationId: number }) => c.conversationId)).not.toContain(id)
    // an attachment must be the caller's own order
    expect((await open(stranger.token, { orderNo: 'NOSUCHORDER1' })).msg).toBe('订单不存在')
    expect((await open(stranger.token, { goodsId: 1, orderNo: 'X1' })).msg).toBe(
      '只能附带一个订单、商品或纠纷',
    )
  })

  it('refuses empty, oversized, unsafe and flooding messages with clear words', async () => {
    await endAll()
    await setHours(true)
    const u = await newUser(t.app, 'csm', { verified: false })
    const id = (await open(u.token)).data.conversation.conversationId
    expect(await send(u.token, id, '   ')).toMatchObject({ code: 400, msg: '消息内容不能为空' })
    expect(await send(u.token, id)).toMatchObject({ code: 400, msg: '消息内容不能为空' })
    const long = await send(u.token, id, '长'.repeat(CS_LIMITS.content + 1))
    expect(long.code).toBe(400)
    expect(long.msg).toContain('消息内容')
    expect((await send(u.token, id, '加我QQ 123456789 细聊')).msg).toContain('站外联系方式')
    expect((await send(u.token, id, '我的密码是 Abc12345')).msg).toContain('请勿在客服会话中发送密码')
    expect((await send(u.token, id, 'x', { imageId: 'a'.repeat(32) })).msg).toBe('图片不存在或不属于您')
    // flooding one conversation
    let refused = null
    for (let i = 0; i < CS_LIMITS.conversationPer10s + 1; i++) {
      const r = await send(u.token, id, `第 ${i} 条`)
      if (r.code !== 200) refused = r
    }
    expect(refused).toMatchObject({ code: 429, msg: CS_MSGS.conversationFlood })
    // per user per minute
    clock += 11_000
    for (let i = 0; i < CS_LIMITS.userPerMinute - CS_LIMITS.conversationPer10s; i++) {
      if (i % 9 === 8) clock += 11_000
      expect((await send(u.token, id, `又一条 ${i}`)).code).toBe(200)
    }
    clock += 11_000
    expect(await send(u.token, id, '还有一条')).toMatchObject({ code: 429, msg: CS_MSGS.userFlood })
    clock += 61_000
    expect((await send(u.token, id, '一分钟后')).code).toBe(200)
  })

  it('keeps messages in order and resumes after the last id; unread counts agent replies', async () => {
    await endAll()
    await setHours(true)
    const u = await newUser(t.app, 'csn', { verified: false })
    const id = (await open(u.token)).data.conversation.conversationId
    await post(t.app, '/api/cs/agent/take', kefu, { conversationId: id })
    const all = await messages(u.token, id)
    const last = all.data[all.data.length - 1].messageId
    let firstAnswer = 0
    for (let i = 0; i < 5; i++) {
      clock += 2_500
      if (i === 0) firstAnswer = clock
      await agentSend(kefu, id, `回复 ${i}`)
    }
    // the first answer is stamped once (inside the append's locking update), later ones leave it
    expect((await get(t.app, `/api/cs/conversation/${id}`, u.token)).data.firstResponseAt).toBe(firstAnswer)
    expect((await get(t.app, '/api/cs/unread', u.token)).data).toBe(5)
    const after = await messages(u.token, id, last)
    expect(after.data.map((m: { content: string }) => m.content)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `回复 ${i}`),
    )
    const ids = after.data.map((m: { messageId: number }) => m.messageId)
    expect([...ids].sort((x, y) => x - y)).toEqual(ids)
    expect((await get(t.app, '/api/cs/unread', u.token)).data).toBe(0)
    expect((await messages(u.token, id, ids[4])).data).toEqual([])
  })

  it('an agent posts in the order room as 平台客服; a dispute reads the parties’ conversations', async () => {
    await endAll()
    await setHours(true)
    const king = await gameNamed(t.app, '王者荣耀')
    const seller = await newUser(t.app, 'cse')
    const goodsId = await publish(t.app, seller.token, kingAccount(king, { price: 10_000 }))
    const buyer = await funded(t.app, 'csf', 10_000)
    const orderNo = await paidOrder(t.app, buyer.token, goodsId)
    const opened = await open(buyer.token, { orderNo })
    expect(opened.data.conversation.attachment).toMatchObject({ kind: 'order', orderNo, goodsId })
    const id = opened.data.conversation.conversationId
    await post(t.app, '/api/cs/agent/take', kefu, { conversationId: id })
    const ctx = await get(t.app, `/api/cs/agent/context/${id}`, kefu)
    expect(ctx.data).toMatchObject({ userId: buyer.userId, attachment: { orderNo } })
    expect(ctx.data.recentOrders[0]).toMatchObject({ orderNo, role: 'buyer' })
    expect(ctx.data.realName.verified).toBe(true)

    expect(
      (await post(t.app, '/api/trade/warrant/staffMessage', u0(), { orderNo, content: '您好' })).code,
    ).toBe(403)
    const posted = await post(t.app, '/api/trade/warrant/staffMessage', kefu, {
      orderNo,
      content: '平台客服已介入，请双方在此沟通',
    })
    expect(posted.code).toBe(200)
    const room = await get(t.app, `/api/trade/warrant/messages/${orderNo}`, buyer.token)
    const me = (await get(t.app, '/api/cs/agent/me', kefu)).data
    expect(room.data.at(-1)).toMatchObject({ senderRole: 'staff', staffNo: me.staffNo })
    expect(
      (await post(t.app, '/api/trade/warrant/staffMessage', kefu, { orderNo, content: '加QQ 123456789' }))
        .code,
    ).toBe(400)

    await agentSend(kefu, id, '我们会核实订单')
    // staff read it from a dispute only
    expect((await get(t.app, `/api/cs/dispute/${orderNo}`, kefu)).msg).toBe(
      '只有发生纠纷的订单可以查看客服记录',
    )
    expect(
      (await post(t.app, '/api/trade/order/dispute', buyer.token, { orderNo, reason: '卖家不发货' })).code,
    ).toBe(200)
    const read = await get(t.app, `/api/cs/dispute/${orderNo}`, kefu)
    expect(read.data.buyer[0].messages.map((m: { content: string }) => m.content)).toContain('我们会核实订单')
    expect(read.data.seller).toEqual([])

    function u0() {
      return buyer.token
    }
  })

  it.skipIf(dialect !== 'postgres')('two processes assign a conversation once', async () => {
    await endAll()
    await setHours(true)
    const other = await startTestApp({
      databaseUrl,
      now,
      tradeSweepMs: 0,
      csAssignMs: 0,
      dataDir: t.dataDir,
    })
    try {
      const agents = await Promise.all([1, 2].map((i) => newAgent(`cs2p${i}`)))
      for (const a of agents) await post(t.app, '/api/cs/agent/status', a.token, { status: 'ONLINE' })
      const users = await Promise.all(
        Array.from({ length: 6 }, () => newUser(t.app, 'cs2u', { verified: false })),
      )
      await t.app.db.updateTable('cs_agents').set({ status: 'OFFLINE' }).execute()
      const ids = []
      for (const u of users) ids.push((await open(u.token)).data.conversation.conversationId as number)
      await t.app.db
        .updateTable('cs_agents')
        .set({ status: 'ONLINE', last_seen_at: clock })
        .where(
          'user_id',
          'in',
          agents.map((a) => a.userId),
        )
        .execute()
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(i % 2 ? other.app : t.app, '/api/cs/agent/autoAssign', boss, {}),
        ),
      )
      expect(runs.reduce((s, r) => s + r.data.assigned, 0)).toBe(6)
      const notes = await t.app.db
        .selectFrom('cs_messages')
        .select('conversation_id')
        .where('conversation_id', 'in', ids)
        .where('content', 'like', '%正在为您服务%')
        .execute()
      expect(notes).toHaveLength(6)
    } finally {
      await other.app.close()
    }
  })
})

const CS_MSGS = {
  conversationFlood: '发送太频繁：本会话消息过多，请稍候再发送',
  userFlood: `发送太频繁：每分钟最多发送 ${CS_LIMITS.userPerMinute} 条消息，请稍后再试`,
}
