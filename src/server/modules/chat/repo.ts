/** SQL of pre-sale conversations and their messages (chat_conversations, chat_messages). */
import { sql } from 'kysely'
import type { Db } from '../../db'
import { fetchPage } from '../../db/paging'
import type { ChatMessageKind, PageQuery } from '../../../shared/api'

export type ChatSide = 'buyer' | 'seller'

/** The caller's unread messages of a conversation row `c` (the other side's, after the caller's marker). */
const unreadOf = (userId: number) =>
  sql<number>`(select count(*) from chat_messages m where m.conversation_id = c.id and m.sender_id <> ${userId} and m.id > (case when c.buyer_id = ${userId} then c.buyer_read_id else c.seller_read_id end))`

export function chatRepo(db: Db) {
  const conversations = () =>
    db
      .selectFrom('chat_conversations as c')
      .innerJoin('users as b', 'b.id', 'c.buyer_id')
      .innerJoin('users as s', 's.id', 'c.seller_id')
      .leftJoin('chat_messages as lm', 'lm.id', 'c.last_message_id')
      .select([
        'c.id',
        'c.goods_id',
        'c.buyer_id',
        'c.seller_id',
        'c.created_at',
        'c.last_message_at',
        'c.buyer_read_id',
        'c.seller_read_id',
        'b.nick_name as buyer_name',
        's.nick_name as seller_name',
        'lm.content as last_message',
      ])

  return {
    /** The conversation of (listing, buyer); created when missing (the unique index keeps it one). */
    async findOrCreate(goodsId: number, buyerId: number, sellerId: number, at: number): Promise<number> {
      await db
        .insertInto('chat_conversations')
        .values({ goods_id: goodsId, buyer_id: buyerId, seller_id: sellerId, created_at: at })
        .onConflict((oc) => oc.columns(['goods_id', 'buyer_id']).doNothing())
        .execute()
      const row = await db
        .selectFrom('chat_conversations')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirstOrThrow()
      return Number(row.id)
    },

    /** One conversation with names, last message and the unread count of `userId`. */
    one(conversationId: number, userId: number) {
      return conversations()
        .select(unreadOf(userId).as('unread'))
        .where('c.id', '=', conversationId)
        .executeTakeFirst()
    },

    /** The conversation of a listing and buyer with this seller (the staff view of a dispute). */
    ofListing(goodsId: number, buyerId: number, sellerId: number) {
      return conversations()
        .select(sql<number>`0`.as('unread'))
        .where('c.goods_id', '=', goodsId)
        .where('c.buyer_id', '=', buyerId)
        .where('c.seller_id', '=', sellerId)
        .executeTakeFirst()
    },

    /**
     * The user's conversations, latest activity first: as buyer every one they opened, as seller
     * those with at least one message (an opened but silent conversation is the buyer's alone).
     */
    page(userId: number, q: PageQuery & { role?: ChatSide }) {
      const query = conversations()
        .select(unreadOf(userId).as('unread'))
        .where((eb) => {
          const asBuyer = eb('c.buyer_id', '=', userId)
          const asSeller = eb.and([eb('c.seller_id', '=', userId), eb('c.last_message_id', 'is not', null)])
          return q.role === 'buyer' ? asBuyer : q.role === 'seller' ? asSeller : eb.or([asBuyer, asSeller])
        })
        .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
        .orderBy('c.id', 'desc')
      return fetchPage(query, q)
    },

    /** The user's unread messages over all their conversations. */
    async unread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('m.sender_id', '<>', userId)
        .where((eb) =>
          eb.or([
            eb.and([eb('c.buyer_id', '=', userId), eb('m.id', '>', eb.ref('c.buyer_read_id'))]),
            eb.and([eb('c.seller_id', '=', userId), eb('m.id', '>', eb.ref('c.seller_read_id'))]),
          ]),
        )
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** A page of messages, newest first. */
    messages(conversationId: number, q: PageQuery) {
      const query = db
        .selectFrom('chat_messages as m')
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .innerJoin('users as u', 'u.id', 'm.sender_id')
        .select([
          'm.id',
          'm.conversation_id',
          'm.sender_id',
          'm.kind',
          'm.content',
          'm.payload',
          'm.created_at',
          'c.buyer_id',
        ])
        .select('u.nick_name')
        .where('m.conversation_id', '=', conversationId)
        .orderBy('m.id', 'desc')
      return fetchPage(query, q)
    },

    /** Moves one side's read marker forward (never back). */
    async markRead(conversationId: number, side: ChatSide, upTo: number) {
      const column = side === 'buyer' ? 'buyer_read_id' : 'seller_read_id'
      await db
        .updateTable('chat_conversations')
        .set({ [column]: upTo })
        .where('id', '=', conversationId)
        .where(column, '<', upTo)
        .execute()
    },

    /** Stores a message and makes it the conversation's last; the sender has read up to it. */
    async insert(
      conversationId: number,
      side: ChatSide,
      senderId: number,
      message: { kind: ChatMessageKind; content: string; payload: string | null },
      at: number,
    ) {
      const row = await db
        .insertInto('chat_messages')
        .values({ conversation_id: conversationId, sender_id: senderId, ...message, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      const id = Number(row.id)
      await db
        .updateTable('chat_conversations')
        .set({
          last_message_id: id,
          last_message_at: at,
          [side === 'buyer' ? 'buyer_read_id' : 'seller_read_id']: id,
        })
        .where('id', '=', conversationId)
        .execute()
      return id
    },

    /** Messages the user sent since `since` (the per-user send limit). */
    async sentSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('chat_messages')
        .select(sql<number>`count(*)`.as('n'))
        .where('sender_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}

/** A user's quick replies (chat_quick_replies); every change is scoped to the owner. */
export function quickReplyRepo(db: Db) {
  return {
    list(userId: number) {
      return db
        .selectFrom('chat_quick_replies')
        .select(['id', 'content'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    },
    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('chat_quick_replies')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    async add(userId: number, content: string, at: number): Promise<number> {
      const row = await db
        .insertInto('chat_quick_replies')
        .values({ user_id: userId, content, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(row.id)
    },
    /** false: no such reply of this user */
    async edit(userId: number, replyId: number, content: string, at: number): Promise<boolean> {
      const res = await db
        .updateTable('chat_quick_replies')
        .set({ content, updated_at: at })
        .where('id', '=', replyId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async remove(userId: number, replyId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('chat_quick_replies')
        .where('id', '=', replyId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(res.numDeletedRows) === 1
    },
  }
}

export type ChatRow = NonNullable<Awaited<ReturnType<ReturnType<typeof chatRepo>['one']>>>
export type ChatMessageRow = Awaited<ReturnType<ReturnType<typeof chatRepo>['messages']>>['rows'][number]
