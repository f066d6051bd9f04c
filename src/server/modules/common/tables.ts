/** Files the server generated for a user (exports), declared by the module that owns them. */
import type { Generated } from 'kysely'

export interface ExportsTable {
  id: Generated<number>
  user_id: number
  /** the name the user sees and asks for (download ?fileName=) */
  file_name: string
  /** where the file is, relative to DATA_DIR/exports; chosen by the server, never by the client */
  path: string
  created_at: number
  expires_at: number
}

export interface CommonTables {
  exports: ExportsTable
}
