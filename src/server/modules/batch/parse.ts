/**
 * Reading batch files: CSV (UTF-8 with or without BOM, or GBK as Chinese Excel saves it) and XLSX.
 * Row limits are enforced before a file is parsed in full: a CSV is parsed only up to a few rows past
 * the limit, and an XLSX sheet's rows are counted while it is being inflated (no cell is read).
 */
import { createInflateRaw } from 'node:zlib'
import { parse as parseCsv } from 'csv-parse/sync'
import iconv from 'iconv-lite'
import { readSheet } from 'read-excel-file/node'
import { GOODS_MSG } from '../../../shared/api'
import { badRequest } from '../../http/errors'

export type Cell = string | number | boolean | null
export type Rows = Cell[][]

export const isZip = (buf: Buffer) =>
  buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04

// ------------------------------------------------------------------------------------------ CSV

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])
// control characters other than tab, CR, LF never appear in a text export
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/

/** UTF-8 (BOM or not) or GBK; anything else (UTF-16, binary, broken bytes) is refused. */
export function decodeCsv(buf: Buffer): string {
  if (buf.subarray(0, 3).equals(UTF8_BOM)) {
    const text = buf.subarray(3).toString('utf8')
    if (CONTROL.test(text)) throw badRequest(GOODS_MSG.BATCH_ENCODING)
    return text
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf)
  } catch {
    text = iconv.decode(buf, 'gbk')
  }
  if (CONTROL.test(text)) throw badRequest(GOODS_MSG.BATCH_ENCODING)
  return text
}

const isBlankRow = (row: Cell[]) => row.every((c) => c === null || String(c).trim() === '')

/**
 * The CSV's records (header first, blank rows dropped). More than maxDataRows data rows → 400
 * before the rest is parsed.
 */
export function csvRows(text: string, maxDataRows: number): Rows {
  const read = (to?: number): Rows => {
    try {
      return (
        parseCsv(text, {
          relax_column_count: true,
          skip_empty_lines: true,
          trim: true,
          ...(to ? { to } : {}),
        }) as string[][]
      ).filter((row) => !isBlankRow(row))
    } catch {
      throw badRequest('CSV 文件格式不正确，请检查引号和分隔符')
    }
  }
  // a few spare records for blank rows Excel leaves at the end
  const probe = maxDataRows + 1 + 50
  let rows = read(probe + 1)
  if (rows.length > maxDataRows + 1) throw badRequest(GOODS_MSG.BATCH_TOO_MANY_ROWS)
  if (rows.length >= probe) rows = read()
  if (rows.length > maxDataRows + 1) throw badRequest(GOODS_MSG.BATCH_TOO_MANY_ROWS)
  return rows
}

// ------------------------------------------------------------------------------------------ XLSX

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  localHeaderOffset: number
}

/** The central directory of a zip file (enough of it to find the first worksheet). */
function zipEntries(buf: Buffer): ZipEntry[] {
  const min = Math.max(0, buf.length - 22 - 0xffff)
  let eocd = -1
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
  const count = buf.readUInt16LE(eocd + 10)
  let offset = buf.readUInt32LE(eocd + 16)
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50)
      throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
    const nameLength = buf.readUInt16LE(offset + 28)
    const extraLength = buf.readUInt16LE(offset + 30)
    const commentLength = buf.readUInt16LE(offset + 32)
    entries.push({
      method: buf.readUInt16LE(offset + 10),
      compressedSize: buf.readUInt32LE(offset + 20),
      localHeaderOffset: buf.readUInt32LE(offset + 42),
      name: buf.toString('utf8', offset + 46, offset + 46 + nameLength),
    })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

const ROW_TAG = /<(?:[A-Za-z]+:)?row[\s>]/g
/** an XLSX row never needs more than this much XML; more is a zip bomb */
const MAX_SHEET_XML_BYTES = 200 * 1024 * 1024

/**
 * Counts the rows of the first worksheet while inflating it, stopping as soon as there are more
 * than `stopAfter` (then answers stopAfter + 1).
 */
export async function countXlsxRows(buf: Buffer, stopAfter: number): Promise<number> {
  const sheets = zipEntries(buf)
    .filter((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))
    .sort((a, b) => Number(/\d+/.exec(a.name)![0]) - Number(/\d+/.exec(b.name)![0]))
  const sheet = sheets[0]
  if (!sheet) throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
  const local = sheet.localHeaderOffset
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50)
    throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28)
  const data = buf.subarray(start, start + sheet.compressedSize)
  if (sheet.method === 0) return Math.min(stopAfter + 1, data.toString('latin1').match(ROW_TAG)?.length ?? 0)
  if (sheet.method !== 8) throw badRequest(GOODS_MSG.BATCH_BAD_FILE)

  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw()
    let rows = 0
    let tail = ''
    let bytes = 0
    let done = false
    const finish = (err: Error | null, n = rows) => {
      if (done) return
      done = true
      inflate.destroy()
      if (err) reject(err)
      else resolve(n)
    }
    // a tag may be cut between chunks: the last TAIL characters are counted with the next chunk
    const TAIL = 12
    const countIn = (text: string, upTo: number) => {
      let n = 0
      for (const m of text.matchAll(ROW_TAG)) if (m.index < upTo) n++
      return n
    }
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      const text = tail + chunk.toString('latin1')
      const upTo = Math.max(0, text.length - TAIL)
      rows += countIn(text, upTo)
      tail = text.slice(upTo)
      if (rows > stopAfter) finish(null, stopAfter + 1)
      else if (bytes > MAX_SHEET_XML_BYTES) finish(badRequest(GOODS_MSG.BATCH_BAD_FILE))
    })
    inflate.on('end', () => finish(null, Math.min(stopAfter + 1, rows + countIn(tail, tail.length))))
    inflate.on('error', () => finish(badRequest(GOODS_MSG.BATCH_BAD_FILE)))
    inflate.end(data)
  })
}

/** The first worksheet's rows (header first, blank rows dropped); the row count is checked first. */
export async function xlsxRows(buf: Buffer, maxDataRows: number): Promise<Rows> {
  // a few spare rows for blank ones Excel keeps (formatting only)
  if ((await countXlsxRows(buf, maxDataRows + 1 + 50)) > maxDataRows + 1 + 50)
    throw badRequest(GOODS_MSG.BATCH_TOO_MANY_ROWS)
  let sheet: unknown[][]
  try {
    sheet = (await readSheet(buf)) as unknown[][]
  } catch {
    throw badRequest(GOODS_MSG.BATCH_BAD_FILE)
  }
  const rows = sheet
    .map((row) =>
      row.map((cell): Cell => {
        if (cell === null || cell === undefined) return null
        if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') return cell
        if (cell instanceof Date) return cell.toISOString().slice(0, 10)
        return String(cell)
      }),
    )
    .filter((row) => !isBlankRow(row))
  if (rows.length > maxDataRows + 1) throw badRequest(GOODS_MSG.BATCH_TOO_MANY_ROWS)
  return rows
}
