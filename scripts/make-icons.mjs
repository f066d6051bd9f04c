#!/usr/bin/env node
/**
 * Draws the app icon (a blue rounded square with a white shopping bag) and writes the PNGs the
 * desktop shell uses. No image library: shapes are sampled 4×4 per pixel and encoded with zlib.
 *
 *   resources/icon.png         256×256  window icon (Linux), runtime asset
 *   resources/tray-icon.png     32×32   tray icon (used by the desktop issue's tray)
 *   resources/tray-icon@2x.png  64×64   tray icon on HiDPI screens
 *   build/icon.png             512×512  packaging input (Linux AppImage)
 *   build/icon.ico             16-256   Windows app and installer icon (PNG-compressed ICO entries)
 *   build/icon.icns            16-1024  macOS app icon (PNG-compressed ICNS entries)
 *   resources/badge-N.png      16×16    Windows taskbar overlay with the unread count 1…9, 9plus
 *   resources/badge-N@2x.png   32×32    the same for HiDPI (nativeImage picks @2x by itself)
 *
 * Usage: node scripts/make-icons.mjs   (the PNGs are committed; re-run only to change the design)
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf) {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** RGBA pixels (Uint8Array, row-major) → PNG file bytes */
export function encodePng(width, height, rgba) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 6 // colour type RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0 // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false
  const cx = Math.min(Math.max(x, x0 + r), x1 - r)
  const cy = Math.min(Math.max(y, y0 + r), y1 - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

const TOP = [64, 169, 255] // #40a9ff
const BOTTOM = [9, 109, 217] // #096dd9
const WHITE = [255, 255, 255]

/** colour at a point of the unit square, or null where the icon is transparent */
function shade(x, y) {
  if (!inRoundedRect(x, y, 0.04, 0.04, 0.96, 0.96, 0.22)) return null
  const inBag = inRoundedRect(x, y, 0.27, 0.4, 0.73, 0.8, 0.06)
  const d = Math.hypot(x - 0.5, y - 0.4)
  const inHandle = y <= 0.42 && d <= 0.15 && d >= 0.1
  const inHole = Math.hypot(x - 0.39, y - 0.5) <= 0.028 || Math.hypot(x - 0.61, y - 0.5) <= 0.028
  if ((inBag && !inHole) || inHandle) return WHITE
  const t = (y - 0.04) / 0.92
  return TOP.map((c, i) => Math.round(c + (BOTTOM[i] - c) * t))
}

export function drawIcon(size, samples = 4) {
  const rgba = new Uint8Array(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)
          if (!c) continue
          r += c[0]
          g += c[1]
          b += c[2]
          a += 1
        }
      }
      const o = (py * size + px) * 4
      if (a > 0) {
        rgba[o] = Math.round(r / a)
        rgba[o + 1] = Math.round(g / a)
        rgba[o + 2] = Math.round(b / a)
        rgba[o + 3] = Math.round((255 * a) / (samples * samples))
      }
    }
  }
  return rgba
}

// --- numbered badges (Windows taskbar overlay) ------------------------------------------------

/** 5×7 pixel glyphs of the digits and '+' */
const GLYPHS = {
  0: ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  1: ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  2: ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  3: ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  4: ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  5: ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  6: ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  7: ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  8: ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  9: ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '+': ['00000', '00100', '00100', '11111', '00100', '00100', '00000'],
}

const RED = [245, 34, 45] // #f5222d

/** shade() of a red disc with white text centred in it */
function badgeShade(text) {
  const cell = text.length > 1 ? 0.068 : 0.1
  const width = text.length * 5 * cell + (text.length - 1) * cell
  const x0 = 0.5 - width / 2
  const y0 = 0.5 - (7 * cell) / 2
  return (x, y) => {
    if (Math.hypot(x - 0.5, y - 0.5) > 0.48) return null
    const row = Math.floor((y - y0) / cell)
    if (row >= 0 && row < 7) {
      for (let i = 0; i < text.length; i++) {
        const gx = x0 + i * 6 * cell
        const col = Math.floor((x - gx) / cell)
        if (col >= 0 && col < 5 && GLYPHS[text[i]][row][col] === '1') return WHITE
      }
    }
    return RED
  }
}

function draw(size, shadeFn, samples = 4) {
  const rgba = new Uint8Array(size * size * 4)
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shadeFn((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size)
          if (!c) continue
          r += c[0]
          g += c[1]
          b += c[2]
          a += 1
        }
      }
      const o = (py * size + px) * 4
      if (a > 0) {
        rgba[o] = Math.round(r / a)
        rgba[o + 1] = Math.round(g / a)
        rgba[o + 2] = Math.round(b / a)
        rgba[o + 3] = Math.round((255 * a) / (samples * samples))
      }
    }
  }
  return rgba
}

export function drawBadge(size, text) {
  return draw(size, badgeShade(text))
}

// --- containers ----------------------------------------------------------------------------

/** ICO with PNG-compressed entries (Windows Vista and later read them) */
export function encodeIco(pngs) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(pngs.length, 4)
  const entries = []
  let offset = 6 + 16 * pngs.length
  for (const { size, png } of pngs) {
    const e = Buffer.alloc(16)
    e[0] = size >= 256 ? 0 : size
    e[1] = size >= 256 ? 0 : size
    e[2] = 0 // no palette
    e[3] = 0
    e.writeUInt16LE(1, 4) // planes
    e.writeUInt16LE(32, 6) // bits per pixel
    e.writeUInt32LE(png.length, 8)
    e.writeUInt32LE(offset, 12)
    offset += png.length
    entries.push(e)
  }
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.png)])
}

/** ICNS with PNG entries: [OSType, png] pairs */
export function encodeIcns(entries) {
  const chunks = entries.map(([type, png]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(chunks)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
]

const outputs = [
  ['resources/icon.png', 256],
  ['resources/tray-icon.png', 32],
  ['resources/tray-icon@2x.png', 64],
  ['build/icon.png', 512],
]

const BADGES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '9+']

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const write = (file, bytes, note) => {
    const target = join(root, file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, bytes)
    console.log(`${file}  ${note}`)
  }
  const pngCache = new Map()
  const iconPng = (size) => {
    if (!pngCache.has(size)) pngCache.set(size, encodePng(size, size, drawIcon(size)))
    return pngCache.get(size)
  }
  for (const [file, size] of outputs) write(file, iconPng(size), `${size}×${size}`)
  const icoSizes = [16, 24, 32, 48, 64, 128, 256]
  write(
    'build/icon.ico',
    encodeIco(icoSizes.map((size) => ({ size, png: iconPng(size) }))),
    icoSizes.join(', '),
  )
  write('build/icon.icns', encodeIcns(ICNS_TYPES.map(([type, size]) => [type, iconPng(size)])), '16…1024')
  for (const text of BADGES) {
    const name = text === '9+' ? '9plus' : text
    write(`resources/badge-${name}.png`, encodePng(16, 16, drawBadge(16, text)), '16×16')
    write(`resources/badge-${name}@2x.png`, encodePng(32, 32, drawBadge(32, text)), '32×32')
  }
}
