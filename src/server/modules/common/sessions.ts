/** Whether the session behind a ticket or an open stream is still alive (asked through the auth module's repo). */
import type { Db } from '../../db'
import { authRepo } from '../auth/repo'

export type SessionCheck = (tokenHash: string) => Promise<boolean>

export function sessionCheck(db: Db, now: () => number): SessionCheck {
  const repo = authRepo(db)
  return async (tokenHash) => {
    const row = await repo.findToken(tokenHash)
    return row !== undefined && row.status === '0' && row.expires_at > now()
  }
}
