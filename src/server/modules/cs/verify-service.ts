/**
 * Customer-service verification (docs/platform-pages.md): a visitor asks whether a contact is ours; staff
 * keep the official contacts. Retired contacts are never deleted: they answer FORMER.
 */
import {
  CS_CHANNEL_FORMAT_MSG,
  normalizeContact,
  type CsChannel,
  type CsContact,
  type CsContactAddBody,
  type CsContactEditBody,
  type CsContactListQuery,
  type CsUnknownCheck,
  type CsVerifyResult,
} from '../../../shared/api/cs-verify'
import type { Db } from '../../db'
import type { Page } from '../../db/paging'
import { badRequest, notFound } from '../../http/errors'
import type { CsContactsTable } from './tables'
import { csVerifyRepo } from './verify-repo'
import { record, type Actor } from '../oplog/service'

const DAY = 24 * 60 * 60 * 1000

type ContactRow = Omit<CsContactsTable, 'id'> & { id: number }

const toContact = (row: ContactRow): CsContact => ({
  contactId: row.id,
  channel: row.channel as CsChannel,
  value: row.value,
  staffName: row.staff_name,
  remark: row.remark,
  status: row.status === 'RETIRED' ? 'RETIRED' : 'ACTIVE',
  retiredAt: row.retired_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** The public name, trimmed; blank is refused like a missing one. */
function staffNameOf(raw: string): string {
  const name = raw.trim()
  if (!name) throw badRequest('客服名称不能为空')
  return name
}

function normalized(channel: CsChannel, raw: string): string {
  const value = normalizeContact(channel, raw)
  if (value === null) throw badRequest(CS_CHANNEL_FORMAT_MSG[channel])
  return value
}

export function csVerifyService(db: Db, now: () => number) {
  const repo = csVerifyRepo(db)

  async function contactOrThrow(contactId: number) {
    const row = await repo.contactById(contactId)
    if (!row) throw notFound('客服联系方式不存在')
    return row
  }

  return {
    /** Public: is this contact ours? Every look-up is logged with the caller's address. */
    async verify(
      channel: CsChannel,
      raw: string,
      caller: { ip: string; userId: number | null },
    ): Promise<CsVerifyResult> {
      const value = normalized(channel, raw)
      const row = await repo.findContact(channel, value)
      const verdict = !row ? 'UNKNOWN' : row.status === 'RETIRED' ? 'FORMER' : 'OFFICIAL'
      await repo.log({
        channel,
        value,
        contact_id: row?.id ?? null,
        verdict,
        ip: caller.ip,
        user_id: caller.userId,
        created_at: now(),
      })
      return {
        channel,
        value,
        verdict,
        staffName: row?.staff_name ?? null,
        retiredAt: verdict === 'FORMER' ? (row?.retired_at ?? null) : null,
      }
    },

    async contacts(filter: CsContactListQuery): Promise<Page<CsContact>> {
      const { rows, total } = await repo.pageContacts(filter)
      return { rows: rows.map(toContact), total }
    },

    async unknownTop(days = 7, limit = 20): Promise<CsUnknownCheck[]> {
      const rows = await repo.topUnknown(now() - days * DAY, limit)
      return rows.map((r) => ({
        channel: r.channel as CsChannel,
        value: r.value,
        checks: Number(r.checks),
        visitors: Number(r.visitors),
        lastCheckedAt: Number(r.last_at),
      }))
    },

    /** Staff actions: each change and its operation-log row (modules/oplog) in one transaction. */
    staff: {
      async add(actor: Actor, body: CsContactAddBody): Promise<CsContact> {
        const value = normalized(body.channel, body.value)
        if (await repo.findContact(body.channel, value))
          throw badRequest('该联系方式已登记（停用的联系方式不能重新启用，以免混淆）')
        const at = now()
        const contact = {
          channel: body.channel,
          value,
          staff_name: staffNameOf(body.staffName),
          remark: (body.remark ?? '').trim(),
          status: 'ACTIVE' as const,
          retired_at: null,
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
        }
        const id = await db.transaction().execute(async (trx) => {
          const contactId = await csVerifyRepo(trx).insertContact(contact)
          await record(trx, {
            actor,
            module: 'platform',
            action: 'csContactAdd',
            target: contactId,
            after: contact,
            at,
          })
          return contactId
        })
        return toContact(await contactOrThrow(id))
      },

      async edit(actor: Actor, body: CsContactEditBody): Promise<CsContact> {
        const row = await contactOrThrow(body.contactId)
        const change = { staff_name: staffNameOf(body.staffName), remark: (body.remark ?? row.remark).trim() }
        const at = now()
        await db.transaction().execute(async (trx) => {
          await csVerifyRepo(trx).updateContact(row.id, { ...change, updated_at: at })
          await record(trx, {
            actor,
            module: 'platform',
            action: 'csContactEdit',
            target: row.id,
            before: { staff_name: row.staff_name, remark: row.remark },
            after: change,
            at,
          })
        })
        return toContact(await contactOrThrow(row.id))
      },

      async retire(actor: Actor, contactId: number): Promise<CsContact> {
        const row = await contactOrThrow(contactId)
        if (row.status === 'RETIRED') throw badRequest('该联系方式已停用')
        const at = now()
        await db.transaction().execute(async (trx) => {
          await csVerifyRepo(trx).updateContact(row.id, { status: 'RETIRED', retired_at: at, updated_at: at })
          await record(trx, {
            actor,
            module: 'platform',
            action: 'csContactRetire',
            target: row.id,
            before: { status: row.status },
            after: { status: 'RETIRED' },
            at,
          })
        })
        return toContact(await contactOrThrow(row.id))
      },
    },
  }
}

export type CsVerifyService = ReturnType<typeof csVerifyService>
