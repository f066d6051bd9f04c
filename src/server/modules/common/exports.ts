/**
 * Exports: files the server generates for one user (CSV of their messages, their sold orders, their
 * ledger). Each file is recorded in `exports` with its owner, the name the user sees, a path chosen
 * by the server under DATA_DIR/exports, and an expiry. GET /api/common/download serves only these records — never a
 * path taken from the request.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, extname, resolve, sep } from 'node:path'
import { EXPORT_FILE_NAME_PATTERN, type ExportResult } from '../../../shared/api/common'
import type { Db } from '../../db'
import { csvNumber, toCsv, type CsvCell } from './csv'
import { exportsRepo } from './exports-repo'
import { fenToYuan } from '../../../shared/money'

/** How long an export stays downloadable. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000
/** At most this many rows go into one export. */
export const EXPORT_MAX_ROWS = 50_000

/** fen → 12.88 (-260.00 for an expense): money in a CSV cell, a real number a spreadsheet can add up */
export const csvYuan = (fen: number) => csvNumber(fenToYuan(fen))

const FILE_NAME = new RegExp(EXPORT_FILE_NAME_PATTERN, 'u')

/** A name the user may ask for: no folders, no traversal, no control characters. */
export function isSafeExportName(fileName: string): boolean {
  return FILE_NAME.test(fileName) && !fileName.includes('..')
}

/** yyyyMMdd-HHmmss in China time (UTC+8), for file names. */
export function chinaStamp(epochMs: number): string {
  const d = new Date(epochMs + 8 * 3600_000)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`
}

/** yyyy-MM-dd HH:mm:ss in China time, for cells. */
export function chinaDateTime(epochMs: number): string {
  const s = new Date(epochMs + 8 * 3600_000).toISOString()
  return `${s.slice(0, 10)} ${s.slice(11, 19)}`
}

const MIME: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.txt': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg',
}
export const mimeOf = (fileName: string) =>
  MIME[extname(fileName).toLowerCase()] ?? 'application/octet-stream'

/** RFC 6266 / RFC 5987: an ASCII fallback name and the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export interface ExportFile {
  id: number
  fileName: string
  absPath: string
}

export function exportsService(opts: { db: Db; dataDir: string; now: () => number; ttlMs?: number }) {
  const { now } = opts
  const repo = exportsRepo(opts.db)
  const root = resolve(opts.dataDir, 'exports')
  const ttlMs = opts.ttlMs ?? EXPORT_TTL_MS

  /** The absolute path of a stored relative path, or null when it would leave the exports folder. */
  function inside(relPath: string): string | null {
    const abs = resolve(root, relPath)
    return abs.startsWith(root + sep) ? abs : null
  }

  async function removeFile(id: number, absPath: string | null): Promise<void> {
    await repo.remove(id)
    if (absPath) await rm(absPath, { force: true })
  }

  return {
    root,

    /** Write a CSV for the user and record it; `baseName` is the readable start of the file name. */
    async createCsv(
      userId: number,
      baseName: string,
      header: readonly string[],
      rows: ReadonlyArray<readonly CsvCell[]>,
    ): Promise<ExportResult> {
      await this.sweepExpired().catch(() => undefined)
      const at = now()
      const fileName = `${baseName}-${chinaStamp(at)}-${randomBytes(2).toString('hex')}.csv`
      if (!isSafeExportName(fileName)) throw new Error(`unsafe export name: ${fileName}`)
      const relPath = `${userId}/${randomUUID()}.csv`
      const abs = inside(relPath)
      if (!abs) throw new Error('export path escapes the exports folder')
      await mkdir(dirname(abs), { recursive: true })
      await writeFile(abs, toCsv(header, rows.slice(0, EXPORT_MAX_ROWS)), { mode: 0o600 })
      await repo.insert({
        user_id: userId,
        file_name: fileName,
        path: relPath,
        created_at: at,
        expires_at: at + ttlMs,
      })
      return { fileName, rows: Math.min(rows.length, EXPORT_MAX_ROWS) }
    },

    /** Record a ready-made file for the user (e.g. the original of an AI drawing) under `baseName`-stamp`ext`. */
    async createFile(userId: number, baseName: string, ext: string, content: Buffer): Promise<ExportResult> {
      await this.sweepExpired().catch(() => undefined)
      const at = now()
      const fileName = `${baseName}-${chinaStamp(at)}-${randomBytes(2).toString('hex')}${ext}`
      if (!isSafeExportName(fileName) || !/^\.[a-z0-9]{1,5}$/.test(ext))
        throw new Error(`unsafe export name: ${fileName}`)
      const relPath = `${userId}/${randomUUID()}${ext}`
      const abs = inside(relPath)
      if (!abs) throw new Error('export path escapes the exports folder')
      await mkdir(dirname(abs), { recursive: true })
      await writeFile(abs, content, { mode: 0o600 })
      await repo.insert({
        user_id: userId,
        file_name: fileName,
        path: relPath,
        created_at: at,
        expires_at: at + ttlMs,
      })
      return { fileName, rows: 1 }
    },

    /** The caller's own, unexpired export of that name, or null (someone else's file is null too). */
    async find(userId: number, fileName: string): Promise<ExportFile | null> {
      if (!isSafeExportName(fileName)) return null
      const row = await repo.findOwn(userId, fileName)
      if (!row) return null
      const abs = inside(row.path)
      if (!abs || row.expires_at <= now()) {
        await removeFile(row.id, abs)
        return null
      }
      return { id: row.id, fileName: row.file_name, absPath: abs }
    },

    /** Whether the user has an unexpired export of that name (download tickets are only issued for those). */
    async owns(userId: number, fileName: string): Promise<boolean> {
      return (await this.find(userId, fileName)) !== null
    },

    remove: (file: ExportFile) => removeFile(file.id, file.absPath),

    async sweepExpired(): Promise<number> {
      const expired = await repo.expired(now(), 500)
      for (const row of expired) await removeFile(row.id, inside(row.path))
      return expired.length
    },
  }
}

export type ExportsService = ReturnType<typeof exportsService>
