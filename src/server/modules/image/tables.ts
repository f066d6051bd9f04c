/** Row types of the tables the image module owns (docs/architecture.md, "modules own their data"). */

export interface GoodsImagesTable {
  /** 32 hex chars; files <id>.jpg and <id>_t.jpg under DATA_DIR/uploads (<id>_m.jpg and .webp copies made when asked for) */
  id: string
  owner_id: number
  goods_id: number | null
  sort: number
  width: number
  height: number
  thumb_width: number
  thumb_height: number
  bytes: number
  created_at: number
}

export interface ImageTables {
  goods_images: GoodsImagesTable
}
