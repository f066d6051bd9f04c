/**
 * Where uploaded files live (docs/scaling.md, "Files"). Modules store and serve files through this
 * interface only, by a flat name they chose; the local directory is the default (UPLOAD_DIR, or
 * DATA_DIR/uploads — several processes share it on one machine or a network mount). An S3-compatible
 * store implements the same four calls without touching the modules.
 */
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { Readable } from 'node:stream'

/** Names are flat: letters, digits, `_`, `-` and one dot (no directories). */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,128}(\.[A-Za-z0-9]{1,10})?$/

export interface StoredFile {
  size: number
  open(): Readable
}

export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>
  /** the file, or null when there is none by that name */
  get(name: string): Promise<StoredFile | null>
  remove(name: string): Promise<void>
  /** a description for logs and the start-up line */
  readonly where: string
}

function checked(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`not a storable file name: ${name}`)
  return name
}

export function localFiles(dir: string): FileStorage {
  let made: Promise<unknown> | null = null
  const ensureDir = () => (made ??= mkdir(dir, { recursive: true }))
  return {
    where: dir,
    async put(name, data) {
      await ensureDir()
      // written aside and renamed: another process never serves half a file
      const path = join(dir, checked(name))
      const temp = `${path}.${randomBytes(4).toString('hex')}.part`
      await writeFile(temp, data)
      await rename(temp, path)
    },
    async get(name) {
      if (!SAFE_NAME.test(name)) return null
      const path = join(dir, name)
      try {
        const info = await stat(path)
        return info.isFile() ? { size: info.size, open: () => createReadStream(path) } : null
      } catch {
        return null
      }
    },
    async remove(name) {
      await rm(join(dir, checked(name)), { force: true })
    },
  }
}
