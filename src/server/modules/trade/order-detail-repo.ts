/** SQL of the parties' order detail page: who viewed the delivered credentials, and when. */
import type { Db } from '../../db'

export function orderDetailRepo(db: Db) {
  return {
    /** every view of the order's credentials, newest first (at most 200) */
    viewLog(orderNo: string) {
      return db
        .selectFrom('credential_views')
        .innerJoin('users', 'users.id', 'credential_views.user_id')
        .select(['credential_views.viewed_at', 'users.nick_name'])
        .where('credential_views.order_no', '=', orderNo)
        .orderBy('credential_views.id', 'desc')
        .limit(200)
        .execute()
    },
  }
}
