/**
 * gzip of a rendered page whose large parts repeat from request to request (docs/ssr.md
 * "Compression").
 *
 * A list page is ~370 KB of HTML: ~200 KB of it is CSS that is the same on every list page (the
 * page chunk's CSS and antd's styles of the components it draws), the rest is the request's own
 * (head, the app's HTML, the dehydrated data). Compressing the whole page took 4–8 ms of a 40 ms
 * render. A DEFLATE stream may be cut into pieces compressed on their own: a piece ended with a sync
 * flush stops on a byte boundary without the "last block" bit, and its back-references reach only
 * into itself. So each fixed part is compressed once (at the best level) and kept; a request
 * compresses only its own parts and joins the pieces into one gzip member — one valid stream, the
 * same bytes after decompression as the page.
 *
 * A fixed part is one the caller marks as the same string on other requests (the page skeleton and
 * the style block, both built once and reused by identity); short fixed parts are compressed with
 * their neighbours (a cut costs a few bytes and the shared context).
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'
import { KeptCache } from '../../cluster/cache'

export interface PagePart {
  text: string
  /** the same text comes again on other requests: compressed once and kept */
  fixed: boolean
}

/** gzip header: magic, deflate, no flags, no time, no extra flags, OS unix */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
/** an empty final block (fixed Huffman): ends the stream after the last sync-flushed piece */
const LAST_BLOCK = Buffer.from([0x03, 0x00])
/** fixed parts shorter than this are compressed with the request's own parts */
const MIN_KEPT = 2048
/** request parts: the level the whole page used to get (the fixed ones get 9, once) */
const LEVEL = 6

interface Piece {
  raw: Buffer
  deflated: Buffer
}

const piece = (raw: Buffer, level: number): Piece => ({
  raw,
  deflated: deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }),
})

export class PartGzip {
  private readonly kept: KeptCache<string, Piece>

  /** at most `limit` fixed parts are kept (a few per page kind; the least recently used go first) */
  constructor(limit = 256) {
    // keyed by the text itself: a piece never goes stale
    this.kept = new KeptCache({ name: 'ssr-gzip-parts', max: limit, ttlMs: Infinity })
  }

  private fixedPiece(text: string): Piece {
    let hit = this.kept.get(text)
    if (!hit) {
      hit = piece(Buffer.from(text), 9)
      this.kept.set(text, hit)
    }
    return hit
  }

  /** The page (its parts in order) as one gzip member. */
  encode(parts: readonly PagePart[]): Buffer {
    const out: Buffer[] = [HEADER]
    let crc = 0
    let bytes = 0
    const add = ({ raw, deflated }: Piece) => {
      crc = crc32(raw, crc)
      bytes += raw.length
      out.push(deflated)
    }
    let own = ''
    const addOwn = () => {
      if (own) add(piece(Buffer.from(own), LEVEL))
      own = ''
    }
    for (const part of parts) {
      if (!part.fixed || part.text.length < MIN_KEPT) {
        own += part.text
        continue
      }
      addOwn()
      add(this.fixedPiece(part.text))
    }
    addOwn()
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(bytes >>> 0, 4)
    out.push(LAST_BLOCK, trailer)
    return Buffer.concat(out)
  }
}
