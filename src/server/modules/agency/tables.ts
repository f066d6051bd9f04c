/** Agency sale (代售) applications and their timeline (docs/agency-sale.md), owned by the agency module. */
import type { Generated } from 'kysely'

export interface AgencyApplicationsTable {
  id: Generated<number>
  /** the account's owner, who applied */
  user_id: number
  game_id: number
  platform: string | null
  area_id: number | null
  server_id: number | null
  title: string
  description: string
  /** JSON: Attributes, normalised by the listing validator */
  attrs: string
  /** JSON array of goods_images ids (the owner's uploads), in display order */
  image_ids: string
  /** fen */
  asking_price: number
  /** 1: staff may sell below the asking price, never below floor_price */
  negotiable: number
  floor_price: number | null
  /** JSON: { key: sealed value } AES-256-GCM per field, context agency:<id>:<key> */
  credentials_enc: string
  /** AgencyStatus */
  status: string
  reject_reason: string
  /** JSON: AgencyCheck[] — the 验号 checklist results */
  checks: string
  /** the staff member who took it */
  staff_id: number | null
  listed_price: number | null
  /** the 官方代售 listing once published */
  goods_id: number | null
  /** the settled order */
  order_no: string | null
  commission: number | null
  net_amount: number | null
  settled_at: number | null
  created_at: number
  updated_at: number
}

export interface AgencyEventsTable {
  id: Generated<number>
  application_id: number
  /** AgencyEventKind */
  kind: string
  /** the staff member or the owner; null: the platform itself */
  actor_id: number | null
  detail: string
  created_at: number
}

export interface AgencyTables {
  agency_applications: AgencyApplicationsTable
  agency_events: AgencyEventsTable
}
