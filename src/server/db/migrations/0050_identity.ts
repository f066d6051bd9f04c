import type { MigrationFactory } from './helpers'
import { createTableWithId } from './helpers'

/**
 * Account and identity (docs/account-security.md):
 * - sms_codes: one-time codes, stored only as an HMAC; attempts and use recorded;
 * - sms_sandbox_inbox: what the sandbox SMS provider "sent" (demo and test installs only);
 * - security_logs: every change of a password, phone or real name;
 * - real_names: the verified identity of an account (name and ID number encrypted at rest);
 * - real_name_reviews: identities sent to staff for manual review;
 * - account_tickets: short-lived proofs between the steps of a change (phone rebinding);
 * - writeoff_requests: account cancellation requests and their cooling-off;
 * - user_profiles: the profile fields beyond the users row (gender, QQ, signature, e-mail check).
 */
const migration: MigrationFactory = (dialect) => ({
  async up(db) {
    await createTableWithId(db, 'sms_codes', dialect)
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('used_at', 'bigint')
      .addColumn('voided', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createIndex('sms_codes_phone_idx')
      .on('sms_codes')
      .columns(['phone', 'created_at'])
      .execute()
    await db.schema.createIndex('sms_codes_ip_idx').on('sms_codes').columns(['ip', 'created_at']).execute()

    await createTableWithId(db, 'sms_sandbox_inbox', dialect)
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'security_logs', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('detail', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('security_logs_user_idx')
      .on('security_logs')
      .columns(['user_id', 'id'])
      .execute()

    await db.schema
      .createTable('real_names')
      .addColumn('user_id', 'integer', (col) => col.primaryKey())
      .addColumn('name_enc', 'text', (col) => col.notNull())
      .addColumn('id_no_enc', 'text', (col) => col.notNull())
      .addColumn('name_masked', 'text', (col) => col.notNull())
      .addColumn('id_masked', 'text', (col) => col.notNull())
      .addColumn('birth_date', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('verified_at', 'bigint', (col) => col.notNull())
      .execute()

    await createTableWithId(db, 'real_name_reviews', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('name_enc', 'text', (col) => col.notNull())
      .addColumn('id_no_enc', 'text', (col) => col.notNull())
      .addColumn('name_masked', 'text', (col) => col.notNull())
      .addColumn('id_masked', 'text', (col) => col.notNull())
      .addColumn('birth_date', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('remark', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'integer')
      .execute()
    await db.schema
      .createIndex('real_name_reviews_status_idx')
      .on('real_name_reviews')
      .columns(['status', 'id'])
      .execute()

    await db.schema
      .createTable('account_tickets')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .execute()

    await createTableWithId(db, 'writeoff_requests', dialect)
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('requested_at', 'bigint', (col) => col.notNull())
      .addColumn('due_at', 'bigint', (col) => col.notNull())
      .addColumn('ended_at', 'bigint')
      .execute()
    await db.schema
      .createIndex('writeoff_requests_status_idx')
      .on('writeoff_requests')
      .columns(['status', 'due_at'])
      .execute()

    await db.schema
      .createTable('user_profiles')
      .addColumn('user_id', 'integer', (col) => col.primaryKey())
      .addColumn('gender', 'text', (col) => col.notNull().defaultTo('2'))
      .addColumn('qq', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('signature', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  },
})
export default migration
