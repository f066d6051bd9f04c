/**
 * 在线客服 conversations (docs/customer-service.md): a user opens (or resumes) one conversation at a
 * time, optionally attaching an order, a listing or a dispute of theirs; it waits in the queue until
 * an agent takes it or the automatic assignment gives it to the available agent with the least load
 * (a conditional UPDATE claims it, so two processes never assign it twice). Messages are written to
 * the database first and published as live events after the commit; a client resumes from its last
 * message id. Outside the service hours a user's messages are left messages and the answer says when
 * they will be answered. The safety filter is the escrow room's (rules/message-safety.ts); images
 * come from the image upload. Every staff action is written to the operation log.
 *
 * Long (~860 lines): the user side and the agent side share the private helpers above the returned
 * object (append, publish, assignment, owner and visibility checks). To split next: the agent side
 * (take, transfer, canned replies, figures) into agent-service.ts taking those helpers as deps.
 */
import {
  CS_LIMITS,
  type CsAgent,
  type CsAgentStatus,
  type CsAttachment,
  type CsConversation,
  type CsMessage,
  type CsOpenBody,
  type CsOpenResult,
  type CsQueueItem,
  type CsSendResult,
  type CsServiceStatus,
  type CsTeam,
} from '../../../shared/api/cs'
import { PUBLIC_CONFIG_KEYS } from '../../../shared/api/system'
import type { LiveEvent, StoredLiveEvent } from '../../../shared/live-events'
import { messageSafetyProblem } from '../../../shared/rules/message-safety'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound, tooMany } from '../../http/errors'
import type { EventBus } from '../events/bus'
import { imageUrl } from '../image/service'
import { record, type Actor } from '../oplog/service'
import {
  csConversationRepo,
  type CsAgentRow,
  type CsConversationRow,
  type CsMessageRow,
} from './conversation-repo'
import { chinaTimeLabel, inHours, nextOpening, parseHours } from './hours'

export interface CsConversationDeps {
  db: Db
  now: () => number
  bus?: EventBus
  /** a parameter's value (system module) */
  configValue: (key: string) => Promise<string | null | undefined>
  /** the user's nick name (auth) */
  nickName: (userId: number) => Promise<string>
  /** whether the staff member holds cs:conversation:supervise (auth) */
  isSupervisor: (userId: number) => Promise<boolean>
  /** what a user may attach: their order / dispute, a listing (read-only look-ups of other modules) */
  attachment: (userId: number, body: CsOpenBody) => Promise<CsAttachment | null>
  /** a verifiable STAFF_NO contact for a new agent (the verification service of this module) */
  registerStaffNo: (staffNo: string, staffName: string) => Promise<void>
  renameStaffNo: (staffNo: string, staffName: string) => Promise<void>
}

const MINUTE = 60_000
const SEEN_EVERY_MS = 15_000
const SYSTEM_NAME = '系统'

export const CS_MSG = {
  empty: '消息内容不能为空',
  tooLong: `消息内容长度不能超过 ${CS_LIMITS.content} 个字符`,
  userFlood: `发送太频繁：每分钟最多发送 ${CS_LIMITS.userPerMinute} 条消息，请稍后再试`,
  conversationFlood: '发送太频繁：本会话消息过多，请稍候再发送',
  ended: '会话已结束，如需帮助请重新发起咨询',
  notFound: '客服会话不存在',
  oneAttachment: '只能附带一个订单、商品或纠纷',
  image: '图片不存在或不属于您',
  notYours: '请先接待该会话',
  taken: '该会话已被其他客服接待',
  queueEmpty: '当前没有排队的会话',
  rateNotEnded: '会话结束后才能评价',
  rated: '该会话已评价过',
  noAgent: '接手客服不存在',
} as const

export const staffNoOf = (userId: number) => `KF${1000 + userId}`

function attachmentOf(r: CsConversationRow): CsAttachment | null {
  if (!r.attach_kind) return null
  return {
    kind: r.attach_kind as CsAttachment['kind'],
    orderNo: r.attach_order_no,
    goodsId: r.attach_goods_id === null ? null : Number(r.attach_goods_id),
    disputeId: r.attach_dispute_id === null ? null : Number(r.attach_dispute_id),
    title: r.attach_title,
  }
}

export function toCsMessage(r: CsMessageRow): CsMessage {
  return {
    messageId: Number(r.id),
    conversationId: Number(r.conversation_id),
    sender: r.sender as CsMessage['sender'],
    senderName: r.sender_name,
    staffNo: r.staff_no,
    content: r.content,
    imageUrls: (JSON.parse(r.image_ids) as string[]).map(imageUrl),
    createdAt: Number(r.created_at),
  }
}

const num = (v: number | null) => (v === null ? null : Number(v))

export function csConversations(deps: CsConversationDeps) {
  const { db, now } = deps
  const repo = csConversationRepo(db)

  async function hours() {
    return parseHours(await deps.configValue(PUBLIC_CONFIG_KEYS.csServiceHours))
  }

  async function agentsById(): Promise<Map<number, CsAgentRow>> {
    return new Map((await repo.agents()).map((a) => [Number(a.user_id), a]))
  }

  async function view(rows: CsConversationRow[], userSide: number | null): Promise<CsConversation[]> {
    const agents = await agentsById()
    const unread =
      userSide === null
        ? new Map<number, number>()
        : await repo.unreadOf(
            userSide,
            rows.map((r) => Number(r.id)),
          )
    const waiting = rows.some((r) => r.status === 'WAITING') ? await repo.waiting() : []
    const place = new Map(waiting.map((w, i) => [Number(w.id), i + 1]))
    return rows.map((r) => {
      const agent = r.agent_id === null ? undefined : agents.get(Number(r.agent_id))
      return {
        conversationId: Number(r.id),
        userId: Number(r.user_id),
        userName: r.user_name,
        status: r.status as CsConversation['status'],
        attachment: attachmentOf(r),
        agent:
          agent && r.status !== 'WAITING' ? { staffName: agent.staff_name, staffNo: agent.staff_no } : null,
        queuePosition: r.status === 'WAITING' ? (place.get(Number(r.id)) ?? null) : null,
        leftMessage: Number(r.left_message) === 1,
        rating:
          r.rating_score === null
            ? null
            : { score: Number(r.rating_score), text: r.rating_text ?? '', ratedAt: Number(r.rated_at) },
        lastMessageId: Number(r.last_message_id),
        lastMessagePreview: r.last_preview,
        lastMessageAt: num(r.last_message_at),
        unread: unread.get(Number(r.id)) ?? 0,
        createdAt: Number(r.created_at),
        assignedAt: num(r.assigned_at),
        firstResponseAt: num(r.first_response_at),
        endedAt: num(r.ended_at),
        endedBy: (r.ended_by as CsConversation['endedBy']) ?? null,
      }
    })
  }

  async function queueItems(rows: CsConversationRow[]): Promise<CsQueueItem[]> {
    const at = now()
    return (await view(rows, null)).map((c, i) => {
      const r = rows[i]!
      const waitedUntil = r.assigned_at === null ? at : Number(r.assigned_at)
      return {
        ...c,
        waitSeconds: Math.max(0, Math.round((waitedUntil - Number(r.wait_from)) / 1000)),
        agentUserId: num(r.agent_id),
      }
    })
  }

  /** the user's conversation; another user's answers 404 (not even its existence) */
  async function own(userId: number, conversationId: number) {
    const row = await repo.byId(conversationId)
    if (!row || Number(row.user_id) !== userId) throw notFound(CS_MSG.notFound)
    return row
  }

  /** live events after the commit; a failure is only logged (the client resumes from the db) */
  async function publish(to: Iterable<number>, event: LiveEvent) {
    for (const userId of new Set(to)) {
      try {
        await deps.bus?.publish(userId, event)
      } catch (err) {
        console.error('[cs] event not published', err)
      }
    }
  }

  async function availableAgents(): Promise<Array<CsAgentRow & { load: number }>> {
    const since = now() - CS_LIMITS.agentAwayMs
    const [agents, loads] = await Promise.all([repo.agents(), repo.loads()])
    return agents
      .filter((a) => a.status === 'ONLINE' && a.last_seen_at !== null && Number(a.last_seen_at) >= since)
      .map((a) => ({ ...a, load: loads.get(Number(a.user_id)) ?? 0 }))
  }

  async function queueChanged() {
    const [waiting, agents] = await Promise.all([repo.waitingCount(), availableAgents()])
    await publish(
      agents.map((a) => Number(a.user_id)),
      { type: 'cs-queue', data: { waiting } },
    )
  }

  /** a message in its own transaction (with `also` in it); the live events after the commit */
  async function append(
    row: CsConversationRow,
    msg: {
      sender: 'user' | 'agent' | 'system'
      senderId: number | null
      senderName: string
      staffNo?: string | null
      content: string
      imageIds?: string[]
    },
    also?: (trx: Db) => Promise<void>,
  ): Promise<CsMessage> {
    const at = now()
    const preview = (msg.content || '[图片]').slice(0, 60)
    // the user gets agent and system lines; the answering agent gets the user's
    const to =
      msg.sender === 'user' ? (row.agent_id === null ? [] : [Number(row.agent_id)]) : [Number(row.user_id)]
    const { id, logged } = await db.transaction().execute(async (trx) => {
      const messageId = await csConversationRepo(trx).appendMessage(
        {
          conversation_id: Number(row.id),
          sender: msg.sender,
          sender_id: msg.senderId,
          sender_name: msg.senderName,
          staff_no: msg.staffNo ?? null,
          content: msg.content,
          image_ids: JSON.stringify(msg.imageIds ?? []),
          created_at: at,
        },
        preview,
      )
      if (also) await also(trx)
      // the live event is logged in the same transaction (one commit a message, under the
      // conversation's lock, so its events keep the message order) and streamed after the commit
      const event: LiveEvent = {
        type: 'cs-message',
        data: {
          conversationId: Number(row.id),
          messageId,
          sender: msg.sender,
          senderName: msg.senderName,
          preview,
        },
      }
      const logged: Array<{ userId: number; stored: StoredLiveEvent }> = []
      if (deps.bus)
        for (const userId of to) logged.push({ userId, stored: await deps.bus.log(trx, userId, event) })
      return { id: messageId, logged }
    })
    const message: CsMessage = {
      messageId: id,
      conversationId: Number(row.id),
      sender: msg.sender,
      senderName: msg.senderName,
      staffNo: msg.staffNo ?? null,
      content: msg.content,
      imageUrls: (msg.imageIds ?? []).map(imageUrl),
      createdAt: at,
    }
    for (const { userId, stored } of logged) {
      try {
        await deps.bus!.emit(userId, stored)
      } catch (err) {
        console.error('[cs] event not published', err)
      }
    }
    return message
  }

  const system = (row: CsConversationRow, content: string, also?: (trx: Db) => Promise<void>) =>
    append(row, { sender: 'system', senderId: null, senderName: SYSTEM_NAME, content }, also)

  /** checks of a message body shared by both sides: text trimmed and filtered, images owned */
  async function checkedBody(userId: number, body: { content?: string; imageId?: string }) {
    const content = (body.content ?? '').trim()
    const imageIds = body.imageId ? [body.imageId] : []
    if (content === '' && imageIds.length === 0) throw badRequest(CS_MSG.empty)
    if (content.length > CS_LIMITS.content) throw badRequest(CS_MSG.tooLong)
    const problem = messageSafetyProblem(content, { place: '客服会话' })
    if (problem) throw badRequest(problem)
    if (imageIds.length > 0 && !(await repo.ownsImages(userId, imageIds))) throw badRequest(CS_MSG.image)
    return { content, imageIds }
  }

  async function floodCheck(userId: number | null, conversationId: number) {
    const at = now()
    const sent = await repo.sentCounts(userId, at - MINUTE, conversationId, at - 10_000)
    if (userId !== null && sent.user >= CS_LIMITS.userPerMinute) throw tooMany(CS_MSG.userFlood)
    if (sent.conversation >= CS_LIMITS.conversationPer10s) throw tooMany(CS_MSG.conversationFlood)
  }

  // -------------------------------------------------------------- agents

  function toAgent(a: CsAgentRow, load: number): CsAgent {
    const seen = a.last_seen_at === null ? null : Number(a.last_seen_at)
    return {
      userId: Number(a.user_id),
      staffName: a.staff_name,
      staffNo: a.staff_no,
      team: a.team as CsTeam,
      status: a.status as CsAgentStatus,
      available: a.status === 'ONLINE' && seen !== null && seen >= now() - CS_LIMITS.agentAwayMs,
      load,
      maxLoad: Number(a.max_load),
      lastSeenAt: seen,
    }
  }

  /** the caller's profile, made on first use (with its verifiable 工号); marks them seen */
  async function agentRow(userId: number): Promise<CsAgentRow> {
    let a = await repo.agent(userId)
    const at = now()
    if (!a) {
      const staffNo = staffNoOf(userId)
      const staffName = (await deps.nickName(userId)).slice(0, CS_LIMITS.staffName) || staffNo
      await repo.insertAgent({
        user_id: userId,
        staff_no: staffNo,
        staff_name: staffName,
        team: 'GENERAL',
        status: 'OFFLINE',
        max_load: CS_LIMITS.defaultMaxLoad,
        last_seen_at: at,
        created_at: at,
        updated_at: at,
      })
      await deps.registerStaffNo(staffNo, staffName)
      a = (await repo.agent(userId))!
    } else if (a.last_seen_at === null || at - Number(a.last_seen_at) > SEEN_EVERY_MS) {
      // presence is coarse (minutes): the agent's row is written at most every SEEN_EVERY_MS
      await repo.updateAgent(userId, { last_seen_at: at })
      a = { ...a, last_seen_at: at }
    }
    return a
  }

  async function agentView(userId: number): Promise<CsAgent> {
    const a = await agentRow(userId)
    return toAgent(a, (await repo.loads()).get(userId) ?? 0)
  }

  /** what an agent may see: WAITING, their own, or anything for a supervisor (404 otherwise) */
  async function visible(agentId: number, conversationId: number) {
    const row = await repo.byId(conversationId)
    if (!row) throw notFound(CS_MSG.notFound)
    if (row.status === 'WAITING' || Number(row.agent_id) === agentId) return row
    if (await deps.isSupervisor(agentId)) return row
    throw notFound(CS_MSG.notFound)
  }

  async function assigned(
    row: CsConversationRow,
    agent: CsAgentRow,
    reason: 'assigned' | 'transferred',
    formerAgent: number | null,
  ) {
    const fresh = (await repo.byId(Number(row.id)))!
    await system(
      fresh,
      reason === 'assigned'
        ? `客服 ${agent.staff_name}（工号 ${agent.staff_no}）正在为您服务。工号可在“客服验证”页面查验真伪。`
        : `已为您转接至客服 ${agent.staff_name}（工号 ${agent.staff_no}）。`,
    )
    await publish(
      [Number(row.user_id), Number(agent.user_id), ...(formerAgent === null ? [] : [formerAgent])],
      {
        type: 'cs-conversation',
        data: {
          conversationId: Number(row.id),
          status: 'ACTIVE',
          reason,
          queuePosition: null,
          agentUserId: Number(agent.user_id),
        },
      },
    )
    return fresh
  }

  /**
   * The automatic assignment (on enqueue, and the job every few seconds): inside the hours, each
   * waiting conversation, oldest first, goes to the available agent with the least load under their
   * maximum. The claim is a conditional UPDATE, so of two processes only one assigns a conversation.
   * Within a process the runs go one after the other (`assigning`): each reads the loads the one
   * before it left, so three users opening at once are spread over the agents, not all given to the
   * least-loaded one of a stale read.
   */
  let assigning: Promise<unknown> = Promise.resolve()
  function autoAssign(onlyId?: number): Promise<number> {
    const run = assigning.then(() => assignNow(onlyId))
    assigning = run.catch(() => undefined)
    return run
  }

  async function assignNow(onlyId?: number): Promise<number> {
    if (!inHours(await hours(), now())) return 0
    // on enqueue only the new conversation (the job sweeps the rest, oldest first)
    const waiting =
      onlyId === undefined
        ? await repo.waiting()
        : [(await repo.byId(onlyId))!].filter((c) => c.status === 'WAITING')
    if (waiting.length === 0) return 0
    const agents = (await availableAgents()).filter((a) => a.load < Number(a.max_load))
    let done = 0
    for (const c of waiting) {
      agents.sort((a, b) => a.load - b.load || Number(a.user_id) - Number(b.user_id))
      const agent = agents.find((a) => a.load < Number(a.max_load))
      if (!agent) break
      if (await repo.claim(Number(c.id), Number(agent.user_id), now())) {
        agent.load += 1
        done += 1
        await record(db, {
          actor: { userId: Number(agent.user_id), ip: '' },
          module: 'cs',
          action: 'cs-auto-assign',
          target: Number(c.id),
          detail: `自动分配会话给客服 ${agent.staff_no}`,
          at: now(),
        })
        await assigned(c, agent, 'assigned', null)
      }
    }
    if (done > 0 && onlyId === undefined) await queueChanged()
    return done
  }

  return {
    autoAssign: () => autoAssign(),
    toAgent,

    /** the service as a user sees it now */
    async status(): Promise<CsServiceStatus> {
      const [h, provider, scriptUrl, customerId, waiting, agents] = await Promise.all([
        hours(),
        deps.configValue(PUBLIC_CONFIG_KEYS.csProvider),
        deps.configValue(PUBLIC_CONFIG_KEYS.csServiceUrl),
        deps.configValue(PUBLIC_CONFIG_KEYS.csCustomerId),
        repo.waitingCount(),
        availableAgents(),
      ])
      const at = now()
      const open = inHours(h, at)
      // a widget whose address is not configured is never offered (docs/customer-service.md)
      const widget = provider?.trim() === 'widget' && /^https?:\/\/\S+$/.test(scriptUrl?.trim() ?? '')
      return {
        mode: widget ? 'widget' : 'builtin',
        hours: h.label,
        inHours: open,
        nextOpenAt: open ? null : nextOpening(h, at),
        waiting,
        onlineAgents: agents.length,
        widget: widget ? { scriptUrl: scriptUrl!.trim(), customerId: (customerId ?? '').trim() } : null,
      }
    },

    async open(userId: number, body: CsOpenBody): Promise<CsOpenResult> {
      const given = [body.orderNo, body.goodsId, body.disputeId].filter((v) => v !== undefined).length
      if (given > 1) throw badRequest(CS_MSG.oneAttachment)
      const attachment = given === 1 ? await deps.attachment(userId, body) : null
      const columns = {
        attach_kind: attachment?.kind ?? null,
        attach_order_no: attachment?.orderNo ?? null,
        attach_goods_id: attachment?.goodsId ?? null,
        attach_dispute_id: attachment?.disputeId ?? null,
        attach_title: attachment?.title ?? '',
      }
      const label = (a: CsAttachment) =>
        a.kind === 'order'
          ? `订单 ${a.orderNo}`
          : a.kind === 'dispute'
            ? `纠纷（订单 ${a.orderNo}）`
            : `商品「${a.title}」`
      let row = await repo.openOf(userId)
      let resumed = true
      if (row) {
        if (
          attachment &&
          (row.attach_kind !== attachment.kind ||
            row.attach_order_no !== columns.attach_order_no ||
            Number(row.attach_goods_id) !== Number(columns.attach_goods_id))
        ) {
          await repo.setAttachment(Number(row.id), columns)
          row = (await repo.byId(Number(row.id)))!
          await system(row, `用户附带了${label(attachment)}`)
        }
      } else {
        resumed = false
        const h = await hours()
        const at = now()
        const open = inHours(h, at)
        let id: number
        try {
          id = await repo.insert({
            user_id: userId,
            user_name: await deps.nickName(userId),
            status: 'WAITING',
            client: body.client ?? 'web',
            ...columns,
            left_message: open ? 0 : 1,
            wait_from: open ? at : nextOpening(h, at),
            created_at: at,
          })
        } catch (err) {
          // opened twice at once: the unique index kept one; resume it
          const other = await repo.openOf(userId)
          if (!other) throw err
          id = Number(other.id)
          resumed = true
        }
        row = (await repo.byId(id))!
        if (!resumed) {
          const place = await repo.queuePosition(id)
          await system(
            row,
            open
              ? `您好，欢迎咨询在线客服，当前排在第 ${place} 位，请稍候。${attachment ? `您附带了${label(attachment)}。` : ''}`
              : `现在是非工作时间（客服工作时间 ${h.label}），请留言，客服将于 ${chinaTimeLabel(nextOpening(h, at))} 上班后尽快回复。`,
          )
          if ((await autoAssign(id)) === 0) await queueChanged()
          row = (await repo.byId(id))!
        }
      }
      return { conversation: (await view([row], userId))[0]!, status: await this.status(), resumed }
    },

    async conversations(userId: number, pageNum = 1, pageSize = 20): Promise<Page<CsConversation>> {
      const page = await repo.pageOf(userId, pageNum, pageSize)
      return { total: page.total, rows: await view(page.rows, userId) }
    },

    async conversation(userId: number, conversationId: number): Promise<CsConversation> {
      return (await view([await own(userId, conversationId)], userId))[0]!
    },

    async messages(
      userId: number,
      conversationId: number,
      afterId = 0,
      limit: number = CS_LIMITS.messagesPage,
    ) {
      await own(userId, conversationId)
      const rows = await repo.messagesAfter(conversationId, afterId, limit)
      const last = rows[rows.length - 1]
      if (last) await repo.markRead(conversationId, Number(last.id))
      return rows.map(toCsMessage)
    },

    async send(
      userId: number,
      body: { conversationId: number; content?: string; imageId?: string },
    ): Promise<CsSendResult> {
      const row = await own(userId, body.conversationId)
      if (row.status === 'ENDED') throw badRequest(CS_MSG.ended)
      const { content, imageIds } = await checkedBody(userId, body)
      await floodCheck(userId, Number(row.id))
      const message = await append(row, {
        sender: 'user',
        senderId: userId,
        senderName: row.user_name,
        content,
        imageIds,
      })
      if (row.status !== 'WAITING')
        return { message, leftMessage: false, answerAt: null, queuePosition: null, notice: null }
      const h = await hours()
      const at = now()
      if (!inHours(h, at)) {
        const answerAt = nextOpening(h, at)
        return {
          message,
          leftMessage: true,
          answerAt,
          queuePosition: null,
          notice: `现在是非工作时间（客服工作时间 ${h.label}），您的留言已保存，客服将于 ${chinaTimeLabel(answerAt)} 上班后尽快回复`,
        }
      }
      const place = await repo.queuePosition(Number(row.id))
      return {
        message,
        leftMessage: false,
        answerAt: null,
        queuePosition: place,
        notice: `当前排在第 ${place} 位，请稍候`,
      }
    },

    async end(userId: number, conversationId: number): Promise<CsConversation> {
      const row = await own(userId, conversationId)
      if (await repo.end(conversationId, 'user', now())) {
        await system(row, '您已结束本次会话，欢迎对本次服务进行评价。')
        await publish([Number(row.user_id), ...(row.agent_id === null ? [] : [Number(row.agent_id)])], {
          type: 'cs-conversation',
          data: {
            conversationId,
            status: 'ENDED',
            reason: 'ended',
            queuePosition: null,
            agentUserId: num(row.agent_id),
          },
        })
        if (row.status === 'WAITING') await queueChanged()
      }
      return this.conversation(userId, conversationId)
    },

    async rate(
      userId: number,
      body: { conversationId: number; score: number; text?: string },
    ): Promise<CsConversation> {
      const row = await own(userId, body.conversationId)
      if (row.status !== 'ENDED') throw badRequest(CS_MSG.rateNotEnded)
      if (!(await repo.rate(body.conversationId, body.score, (body.text ?? '').trim(), now())))
        throw badRequest(CS_MSG.rated)
      if (row.agent_id !== null)
        await publish([Number(row.agent_id)], {
          type: 'cs-conversation',
          data: {
            conversationId: body.conversationId,
            status: 'ENDED',
            reason: 'rated',
            queuePosition: null,
            agentUserId: Number(row.agent_id),
          },
        })
      return this.conversation(userId, body.conversationId)
    },

    async unread(userId: number): Promise<number> {
      let total = 0
      for (const v of (await repo.unreadOf(userId)).values()) total += v
      return total
    },

    // ------------------------------------------------------------ agent side
    agent: {
      me: agentView,

      async setStatus(actor: Actor, status: CsAgentStatus): Promise<CsAgent> {
        await agentRow(actor.userId)
        await repo.updateAgent(actor.userId, { status, updated_at: now() })
        await record(db, {
          actor,
          module: 'cs',
          action: 'cs-agent-status',
          target: actor.userId,
          after: { status },
          detail: status === 'ONLINE' ? '客服上线接待' : '客服下线',
          at: now(),
        })
        if (status === 'ONLINE') await autoAssign()
        return agentView(actor.userId)
      },

      async queue(agentId: number): Promise<CsQueueItem[]> {
        await agentRow(agentId)
        return queueItems(await repo.waiting())
      },

      async conversations(agentId: number, q: { all?: boolean; ended?: boolean }): Promise<CsQueueItem[]> {
        await agentRow(agentId)
        const everyone = q.all === true && (await deps.isSupervisor(agentId))
        const who = everyone ? null : agentId
        const rows = q.ended ? await repo.ended(who, now() - 7 * 24 * 60 * MINUTE) : await repo.active(who)
        return queueItems(rows)
      },

      /** any conversation, for a staff read elsewhere (the dispute drawer) */
      async conversationAsStaff(conversationId: number): Promise<CsConversation> {
        const row = await repo.byId(conversationId)
        if (!row) throw notFound(CS_MSG.notFound)
        return (await view([row], null))[0]!
      },

      async conversation(agentId: number, conversationId: number): Promise<CsQueueItem> {
        return (await queueItems([await visible(agentId, conversationId)]))[0]!
      },

      async messages(
        agentId: number,
        conversationId: number,
        afterId = 0,
        limit: number = CS_LIMITS.messagesPage,
      ) {
        await visible(agentId, conversationId)
        return (await repo.messagesAfter(conversationId, afterId, limit)).map(toCsMessage)
      },

      async take(actor: Actor, conversationId?: number): Promise<CsQueueItem> {
        const agent = await agentRow(actor.userId)
        let id = conversationId
        if (id === undefined) {
          const first = (await repo.waiting())[0]
          if (!first) throw badRequest(CS_MSG.queueEmpty)
          id = Number(first.id)
        }
        const row = await repo.byId(id)
        if (!row) throw notFound(CS_MSG.notFound)
        if (!(await repo.claim(id, actor.userId, now()))) throw badRequest(CS_MSG.taken)
        await record(db, {
          actor,
          module: 'cs',
          action: 'cs-take',
          target: id,
          detail: `接待在线客服会话（用户 ${row.user_name}）`,
          at: now(),
        })
        await assigned(row, agent, 'assigned', null)
        await queueChanged()
        return this.conversation(actor.userId, id)
      },

      async transfer(actor: Actor, conversationId: number, toUserId: number): Promise<CsQueueItem> {
        const row = await repo.byId(conversationId)
        if (!row) throw notFound(CS_MSG.notFound)
        if (row.status === 'ENDED') throw badRequest(CS_MSG.ended)
        const target = await repo.agent(toUserId)
        if (!target) throw badRequest(CS_MSG.noAgent)
        const former = num(row.agent_id)
        await repo.setAgent(conversationId, toUserId, now())
        await record(db, {
          actor,
          module: 'cs',
          action: 'cs-transfer',
          target: conversationId,
          before: { agentUserId: former },
          after: { agentUserId: toUserId },
          detail: `转接在线客服会话给 ${target.staff_name}（${target.staff_no}）`,
          at: now(),
        })
        await assigned(row, target, 'transferred', former)
        if (row.status === 'WAITING') await queueChanged()
        return (await queueItems([(await repo.byId(conversationId))!]))[0]!
      },

      async end(actor: Actor, conversationId: number): Promise<CsQueueItem> {
        const row = await visible(actor.userId, conversationId)
        if (row.status === 'WAITING' && !(await deps.isSupervisor(actor.userId)))
          throw badRequest(CS_MSG.notYours)
        if (await repo.end(conversationId, 'agent', now())) {
          await system(row, '客服已结束本次会话，欢迎对本次服务进行评价。', (trx) =>
            record(trx, {
              actor,
              module: 'cs',
              action: 'cs-end',
              target: conversationId,
              detail: '结束在线客服会话',
              at: now(),
            }),
          )
          await publish(
            [Number(row.user_id), actor.userId, ...(row.agent_id === null ? [] : [Number(row.agent_id)])],
            {
              type: 'cs-conversation',
              data: {
                conversationId,
                status: 'ENDED',
                reason: 'ended',
                queuePosition: null,
                agentUserId: num(row.agent_id),
              },
            },
          )
          if (row.status === 'WAITING') await queueChanged()
        }
        return (await queueItems([(await repo.byId(conversationId))!]))[0]!
      },

      /** the answering agent (or a supervisor) posts; the message carries their name and 工号 */
      async send(
        actor: Actor,
        body: { conversationId: number; content?: string; imageId?: string },
      ): Promise<CsMessage> {
        const row = await visible(actor.userId, body.conversationId)
        if (row.status === 'ENDED') throw badRequest(CS_MSG.ended)
        if (Number(row.agent_id) !== actor.userId && !(await deps.isSupervisor(actor.userId)))
          throw badRequest(CS_MSG.notYours)
        if (row.status === 'WAITING') throw badRequest(CS_MSG.notYours)
        const { content, imageIds } = await checkedBody(actor.userId, body)
        await floodCheck(null, Number(row.id))
        const agent = await agentRow(actor.userId)
        return append(
          row,
          {
            sender: 'agent',
            senderId: actor.userId,
            senderName: agent.staff_name,
            staffNo: agent.staff_no,
            content,
            imageIds,
          },
          (trx) =>
            record(trx, {
              actor,
              module: 'cs',
              action: 'cs-message',
              target: Number(row.id),
              detail: `客服回复：${(content || '[图片]').slice(0, 100)}`,
              at: now(),
            }),
        )
      },

      async agents(): Promise<CsAgent[]> {
        const [agents, loads] = await Promise.all([repo.agents(), repo.loads()])
        return agents.map((a) => toAgent(a, loads.get(Number(a.user_id)) ?? 0))
      },

      async edit(
        actor: Actor,
        body: { userId: number; staffName: string; team: CsTeam; maxLoad: number },
      ): Promise<CsAgent> {
        const before = await repo.agent(body.userId)
        if (!before) throw badRequest(CS_MSG.noAgent)
        const staffName = body.staffName.trim()
        await repo.updateAgent(body.userId, {
          staff_name: staffName,
          team: body.team,
          max_load: body.maxLoad,
          updated_at: now(),
        })
        if (staffName !== before.staff_name) await deps.renameStaffNo(before.staff_no, staffName)
        await record(db, {
          actor,
          module: 'cs',
          action: 'cs-agent-edit',
          target: body.userId,
          before: { staffName: before.staff_name, team: before.team, maxLoad: before.max_load },
          after: { staffName, team: body.team, maxLoad: body.maxLoad },
          detail: `修改客服 ${before.staff_no} 资料`,
          at: now(),
        })
        return toAgent((await repo.agent(body.userId))!, (await repo.loads()).get(body.userId) ?? 0)
      },

      /** the agent's badge for a staff post elsewhere (the escrow room) */
      async badge(userId: number) {
        const a = await agentRow(userId)
        return { staffName: a.staff_name, staffNo: a.staff_no }
      },

      async badges(userIds: number[]) {
        const all = await agentsById()
        return new Map(
          userIds.flatMap((id) => {
            const a = all.get(id)
            return a ? [[id, { staffName: a.staff_name, staffNo: a.staff_no }] as const] : []
          }),
        )
      },
    },
  }
}

export type CsConversationService = ReturnType<typeof csConversations>
