/** Row types of the tables the delivery module owns (docs/architecture.md, "modules own their data"). */

export interface GoodsDeliveryAccountsTable {
  goods_id: number
  seller_id: number
  /** JSON: { key: "iv.tag.ciphertext" } each AES-256-GCM, base64 */
  fields_enc: string
  created_at: number
  updated_at: number
}

export interface DeliveryTables {
  goods_delivery_accounts: GoodsDeliveryAccountsTable
}
