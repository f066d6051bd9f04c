/** SQL of 在线客服: cs_conversations, cs_messages, cs_agents, cs_canned_replies (docs/customer-service.md). */
import type { Insertable, Selectable } from 'kysely'
import type { Db } from '../../db'
import type { CsAgentsTable, CsConversationsTable, CsMessagesTable } from './tables'

export type CsConversationRow = Selectable<CsConversationsTable>
export type CsMessageRow = Selectable<CsMessagesTable>
export type CsAgentRow = Selectable<CsAgentsTable>

const n = (v: unknown) => Number(v ?? 0)

export function csConversationRepo(db: Db) {
  return {
    byId: (id: number) =>
      db.selectFrom('cs_conversations').selectAll().where('id', '=', id).executeTakeFirst(),

    /** the user's conversation that is not ENDED (at most one) */
    openOf: (userId: number) =>
      db
        .selectFrom('cs_conversations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '<>', 'ENDED')
        .executeTakeFirst(),

    async insert(row: Insertable<CsConversationsTable>): Promise<number> {
      const r = await db.insertInto('cs_conversations').values(row).returning('id').executeTakeFirstOrThrow()
      return Number(r.id)
    },

    async pageOf(userId: number, pageNum: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('cs_conversations')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db
          .selectFrom('cs_conversations')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      ])
      return { rows, total: n(total?.n) }
    },

    /** waiting conversations, oldest first */
    waiting: () =>
      db.selectFrom('cs_conversations').selectAll().where('status', '=', 'WAITING').orderBy('id').execute(),

    async waitingCount(): Promise<number> {
      const r = await db
        .selectFrom('cs_conversations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'WAITING')
        .executeTakeFirst()
      return n(r?.n)
    },

    /** 1 = next: the waiting conversations with an id up to this one */
    async queuePosition(id: number): Promise<number> {
      const r = await db
        .selectFrom('cs_conversations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'WAITING')
        .where('id', '<=', id)
        .executeTakeFirst()
      return n(r?.n)
    },

    active: (agentId: number | null) => {
      let q = db.selectFrom('cs_conversations').selectAll().where('status', '=', 'ACTIVE')
      if (agentId !== null) q = q.where('agent_id', '=', agentId)
      return q.orderBy('id').execute()
    },

    ended: (agentId: number | null, since: number) => {
      let q = db
        .selectFrom('cs_conversations')
        .selectAll()
        .where('status', '=', 'ENDED')
        .where('ended_at', '>=', since)
      if (agentId !== null) q = q.where('agent_id', '=', agentId)
      return q.orderBy('id', 'desc').limit(200).execute()
    },

    /** ACTIVE conversations per agent */
    async loads(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('cs_conversations')
        .select(['agent_id', (eb) => eb.fn.countAll().as('n')])
        .where('status', '=', 'ACTIVE')
        .groupBy('agent_id')
        .execute()
      return new Map(rows.map((r) => [n(r.agent_id), n(r.n)]))
    },

    /** the claim: only one caller moves a WAITING conversation to an agent (true: this one did) */
    async claim(id: number, agentId: number, at: number): Promise<boolean> {
      const r = await db
        .updateTable('cs_conversations')
        .set({ status: 'ACTIVE', agent_id: agentId, assigned_at: at })
        .where('id', '=', id)
        .where('status', '=', 'WAITING')
        .executeTakeFirst()
      return n(r.numUpdatedRows) === 1
    },

    async setAgent(id: number, agentId: number, at: number): Promise<boolean> {
      const r = await db
        .updateTable('cs_conversations')
        .set({ status: 'ACTIVE', agent_id: agentId, assigned_at: at })
        .where('id', '=', id)
        .where('status', '<>', 'ENDED')
        .executeTakeFirst()
      return n(r.numUpdatedRows) === 1
    },

    async end(id: number, by: 'user' | 'agent', at: number): Promise<boolean> {
      const r = await db
        .updateTable('cs_conversations')
        .set({ status: 'ENDED', ended_at: at, ended_by: by })
        .where('id', '=', id)
        .where('status', '<>', 'ENDED')
        .executeTakeFirst()
      return n(r.numUpdatedRows) === 1
    },

    async rate(id: number, score: number, text: string, at: number): Promise<boolean> {
      const r = await db
        .updateTable('cs_conversations')
        .set({ rating_score: score, rating_text: text, rated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'ENDED')
        .where('rating_score', 'is', null)
        .executeTakeFirst()
      return n(r.numUpdatedRows) === 1
    },

    setAttachment: (
      id: number,
      a: Pick<
        CsConversationRow,
        'attach_kind' | 'attach_order_no' | 'attach_goods_id' | 'attach_dispute_id' | 'attach_title'
      >,
    ) => db.updateTable('cs_conversations').set(a).where('id', '=', id).execute(),

    /**
     * Appends a message: the conversation row is updated first (PostgreSQL locks it), so the
     * messages of one conversation get their ids in commit order — a client resuming after its last
     * id misses none. Run inside a transaction.
     */
    async appendMessage(row: Insertable<CsMessagesTable>, preview: string): Promise<number> {
      // the agent's first answer is stamped in the same (locking) statement: three statements a message
      await db
        .updateTable('cs_conversations')
        .set((eb) => ({
          last_message_at: row.created_at,
          last_preview: preview,
          ...(row.sender === 'agent'
            ? { first_response_at: eb.fn.coalesce('first_response_at', eb.val(Number(row.created_at))) }
            : {}),
        }))
        .where('id', '=', row.conversation_id)
        .execute()
      const r = await db.insertInto('cs_messages').values(row).returning('id').executeTakeFirstOrThrow()
      const id = Number(r.id)
      await db
        .updateTable('cs_conversations')
        .set({ last_message_id: id })
        .where('id', '=', row.conversation_id)
        .execute()
      return id
    },

    messagesAfter: (conversationId: number, afterId: number, limit: number) =>
      db
        .selectFrom('cs_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    markRead: (id: number, messageId: number) =>
      db
        .updateTable('cs_conversations')
        .set({ user_read_id: messageId })
        .where('id', '=', id)
        .where('user_read_id', '<', messageId)
        .execute(),

    /** agent and system messages after the user's read marker, per conversation of the user */
    async unreadOf(userId: number, conversationIds?: number[]): Promise<Map<number, number>> {
      let q = db
        .selectFrom('cs_messages as m')
        .innerJoin('cs_conversations as c', 'c.id', 'm.conversation_id')
        .select(['c.id as id', (eb) => eb.fn.countAll().as('n')])
        .where('c.user_id', '=', userId)
        .where('m.sender', '<>', 'user')
        .whereRef('m.id', '>', 'c.user_read_id')
      if (conversationIds) {
        if (conversationIds.length === 0) return new Map()
        q = q.where('c.id', 'in', conversationIds)
      }
      const rows = await q.groupBy('c.id').execute()
      return new Map(rows.map((r) => [n(r.id), n(r.n)]))
    },

    /** the flood check's two counts in one round trip: the user's (null: none) and the conversation's */
    async sentCounts(
      userId: number | null,
      userSince: number,
      conversationId: number,
      conversationSince: number,
    ): Promise<{ user: number; conversation: number }> {
      const r = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('cs_messages')
            .select((e) => e.fn.countAll().as('n'))
            .where('sender_id', '=', userId ?? -1)
            .where('sender', '=', 'user')
            .where('created_at', '>=', userSince)
            .as('user_n'),
          eb
            .selectFrom('cs_messages')
            .select((e) => e.fn.countAll().as('n'))
            .where('conversation_id', '=', conversationId)
            .where('sender', '<>', 'system')
            .where('created_at', '>=', conversationSince)
            .as('conversation_n'),
        ])
        .executeTakeFirst()
      return { user: n(r?.user_n), conversation: n(r?.conversation_n) }
    },

    /** image ids the user uploaded (the image upload's checks already ran on them) */
    async ownsImages(userId: number, ids: string[]) {
      const rows = await db
        .selectFrom('goods_images')
        .select('id')
        .where('id', 'in', ids)
        .where('owner_id', '=', userId)
        .execute()
      return rows.length === ids.length
    },

    // ------------------------------------------------------------ agents
    agent: (userId: number) =>
      db.selectFrom('cs_agents').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    agents: () => db.selectFrom('cs_agents').selectAll().orderBy('user_id').execute(),
    insertAgent: (row: Insertable<CsAgentsTable>) =>
      db
        .insertInto('cs_agents')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute(),
    updateAgent: (userId: number, set: Partial<Omit<CsAgentRow, 'user_id' | 'staff_no' | 'created_at'>>) =>
      db.updateTable('cs_agents').set(set).where('user_id', '=', userId).execute(),
  }
}

export type CsConversationRepo = ReturnType<typeof csConversationRepo>
