/** Test set-up of the funds module's own tables (the ownership test: only funds writes them). */
import type { FastifyInstance } from 'fastify'

/**
 * The user's top-ups count as spent, as if the balance were earned from sales — such money withdraws
 * to an account, while unspent top-up money goes back only to its channel (the top-up hold,
 * docs/trading-rules.md "Withdrawals"; tested in funds/topup-hold.test.ts).
 */
export async function asEarnings(app: FastifyInstance, userId: number): Promise<void> {
  await app.db.updateTable('topups').set({ unspent: 0 }).where('user_id', '=', userId).execute()
}
