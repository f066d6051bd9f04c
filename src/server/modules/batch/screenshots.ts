/**
 * The zip of screenshots beside a batch file (docs/seller-tools.md, "Screenshots"): which image
 * belongs to which row. Unpacked with fflate, in memory, inside limits checked on the zip's
 * directory before anything is inflated: the number of entries, the declared size of each image and
 * of all of them, and the ratio of unpacked to packed size (a zip bomb). An entry inflates into a
 * buffer of its declared size and no more (a lying header yields a truncated image, which the image
 * checks then refuse). Paths are only read, never written to disk; an absolute path or one with
 * `..` refuses the whole zip all the same.
 *
 * Names: `3.jpg`, `3-1.jpg`, `3_2.png` belong to row 3 (the number after the dash orders them); so
 * does every image in a folder named `3/` (ordered by name). Folders above those (the zip of a
 * folder) do not matter. System files (`__MACOSX/`, names starting with a dot, Thumbs.db) are
 * skipped; any other file that names no row is reported as unmatched.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate'
import { GOODS_LIMITS, GOODS_MSG } from '../../../shared/api'
import { ApiError, badRequest } from '../../http/errors'

export interface ZipLimits {
  maxEntries: number
  maxUnpackedBytes: number
  maxImageBytes: number
  /** unpacked size / packed size of one entry; images barely compress, so 100 is far past any */
  maxRatio: number
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: GOODS_LIMITS.batchZipMaxEntries,
  maxUnpackedBytes: GOODS_LIMITS.batchZipMaxUnpackedBytes,
  maxImageBytes: GOODS_LIMITS.imageMaxBytes,
  maxRatio: 100,
}

export interface RowImage {
  /** the entry's name in the zip */
  name: string
  /** the bytes, or null with the problem when the entry is not usable */
  data: Buffer | null
  problem?: string
}

export interface ScreenshotZip {
  /** images by row number (1-based, header excluded), in display order */
  byRow: Map<number, RowImage[]>
  /** files that name no row */
  unmatched: string[]
}

const IMAGE_EXT = /\.(jpe?g|png|webp)$/i
const ROW_FILE = /^(\d{1,6})(?:[-_ ](\d{1,3}))?\.([A-Za-z0-9]{1,5})$/
const ROW_DIR = /^\d{1,6}$/
const SYSTEM_FILE = /^(\.|thumbs\.db$|desktop\.ini$)/i

const isZipFile = (buf: Buffer) => buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50

/** Unsafe as a path: absolute, a drive, or a `..` segment. */
export const unsafePath = (name: string) =>
  /^[\\/]/.test(name) || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).some((s) => s === '..')

/** The row an entry's path names and its place among the row's images; null for none. */
export function rowOf(name: string): { rowNo: number; order: number; ext: string } | null {
  const parts = name.split(/[\\/]/).filter(Boolean)
  const base = parts.at(-1) ?? ''
  const dir = parts.at(-2)
  const ext = /\.([^.]*)$/.exec(base)?.[1] ?? ''
  if (dir && ROW_DIR.test(dir)) return { rowNo: Number(dir), order: Number.MAX_SAFE_INTEGER, ext }
  const m = ROW_FILE.exec(base)
  if (!m) return null
  return { rowNo: Number(m[1]), order: m[2] === undefined ? 0 : Number(m[2]), ext }
}

/** Reads the zip within the limits; 400 with the reason for a zip that cannot be used at all. */
export function readScreenshotZip(buf: Buffer, limits: ZipLimits = ZIP_LIMITS): ScreenshotZip {
  if (!isZipFile(buf)) throw badRequest(GOODS_MSG.BATCH_ZIP_BAD)
  const found: Array<{ name: string; rowNo: number; order: number; problem?: string }> = []
  const unmatched: string[] = []
  let entries = 0
  let unpacked = 0
  const wanted = (file: UnzipFileInfo): boolean => {
    entries++
    if (entries > limits.maxEntries) throw badRequest(GOODS_MSG.BATCH_ZIP_TOO_MANY)
    if (unsafePath(file.name)) throw badRequest(`${GOODS_MSG.BATCH_ZIP_PATH}：${file.name.slice(0, 80)}`)
    if (file.name.endsWith('/') || file.name.endsWith('\\')) return false
    const parts = file.name.split(/[\\/]/)
    if (parts[0] === '__MACOSX' || SYSTEM_FILE.test(parts.at(-1) ?? '')) return false
    const row = rowOf(file.name)
    if (!row) {
      unmatched.push(file.name)
      return false
    }
    if (!IMAGE_EXT.test(file.name)) {
      found.push({ name: file.name, ...row, problem: GOODS_MSG.IMAGE_FORMAT })
      return false
    }
    if (file.originalSize > limits.maxImageBytes) {
      found.push({ name: file.name, ...row, problem: GOODS_MSG.IMAGE_TOO_LARGE })
      return false
    }
    if (file.compression !== 0 && file.compression !== 8) {
      found.push({ name: file.name, ...row, problem: GOODS_MSG.BATCH_ZIP_BAD })
      return false
    }
    if (file.originalSize > limits.maxRatio * Math.max(file.size, 1))
      throw badRequest(GOODS_MSG.BATCH_ZIP_BOMB)
    unpacked += file.originalSize
    if (unpacked > limits.maxUnpackedBytes) throw badRequest(GOODS_MSG.BATCH_ZIP_UNPACKED)
    found.push({ name: file.name, ...row })
    return true
  }

  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(buf, { filter: wanted })
  } catch (err) {
    if (err instanceof ApiError) throw err
    throw badRequest(GOODS_MSG.BATCH_ZIP_BAD)
  }

  const byRow = new Map<number, RowImage[]>()
  const sorted = found.sort(
    (a, b) => a.order - b.order || a.name.localeCompare(b.name, 'en', { numeric: true }),
  )
  for (const f of sorted) {
    const bytes = files[f.name]
    const image: RowImage =
      f.problem || !bytes
        ? { name: f.name, data: null, problem: f.problem ?? GOODS_MSG.BATCH_ZIP_BAD }
        : { name: f.name, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }
    const list = byRow.get(f.rowNo) ?? []
    list.push(image)
    byRow.set(f.rowNo, list)
  }
  return { byRow, unmatched }
}
