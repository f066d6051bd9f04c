/**
 * User codes and system accounts: the user rows the auth module creates for others (a self-registered
 * user's public code, the locked accounts other modules own). Re-exported by service.ts.
 */
import { randomInt } from 'node:crypto'
import type { Db } from '../../db'
import { authRepo } from './repo'

/** Public user code, e.g. U48151623 (customer service asks for it). */
export const newUserCode = () => `U${randomInt(10_000_000, 100_000_000)}`

/**
 * A locked system account (agency sale's commission account), found by its exact name or created in
 * the caller's transaction: users are the auth module's rows, so other modules get theirs here. It
 * never logs in: no password matches the hash '!'.
 */
export async function systemAccount(
  trx: Db,
  account: { userName: string; nickName: string; lockReason: string },
  at: number,
): Promise<number> {
  const repo = authRepo(trx)
  const found = await repo.userIdByExactName(account.userName)
  if (found) return found.id
  return Number(
    await repo.insertUser({
      user_name: account.userName,
      nick_name: account.nickName,
      password_hash: '!',
      avatar: '',
      phone: '',
      email: '',
      user_code: newUserCode(),
      status: '1',
      lock_reason: account.lockReason,
      created_at: at,
      updated_at: at,
      last_login_at: null,
    }),
  )
}
