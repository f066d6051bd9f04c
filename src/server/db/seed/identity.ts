/**
 * Demo identities: `buyer` and `seller` are verified (sandbox identities 张三 and 李四), so the demo
 * flows that need a real name (withdrawals, listings going on sale) work at once. Encrypted with the
 * install's real-name key like any verified identity.
 */
import { loadKeyRing, type Keys } from '../../keys'
import { fieldCipher } from '../../modules/delivery/crypto'
import { SANDBOX_IDENTITIES } from '../../modules/account/realname-provider'
import { maskIdNumber, maskRealName } from '../../../shared/rules/real-name'
import { idCardInfo } from '../../../shared/rules/id-card'
import type { Db } from '../index'

export async function seedIdentity(db: Db, now: number, keys: Keys) {
  const cipher = fieldCipher(loadKeyRing(keys, 'real-names.key'))
  const [zhang, li] = SANDBOX_IDENTITIES.pass
  for (const [userName, who] of [
    ['buyer', zhang],
    ['seller', li],
  ] as const) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', userName)
      .executeTakeFirst()
    if (!user) continue
    await db
      .insertInto('real_names')
      .values({
        user_id: user.id,
        name_enc: cipher.encrypt(who.name, `realname:${user.id}:name`),
        id_no_enc: cipher.encrypt(who.idNumber, `realname:${user.id}:id`),
        name_masked: maskRealName(who.name),
        id_masked: maskIdNumber(who.idNumber),
        birth_date: idCardInfo(who.idNumber)!.birthDate,
        source: 'SEED',
        verified_at: now,
      })
      .execute()
  }
}
