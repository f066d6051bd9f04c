#!/usr/bin/env node
/**
 * Draws the app icon (a blue rounded square with a white shopping bag) and writes the PNGs the
 * desktop shell uses. No image library: shapes are sampled 4×4 per pixel and encoded with zlib.
 *
 *   resources/icon.png         256×256  window icon (Linux), runtime asset
 *   resources/tray-icon.png     32×32   tray icon (used by the desktop issue's tray)
 *   resources/tray-icon@2x.png  64×64   tray icon on HiDPI screens
 *   build/icon.png             512×512  packaging input (electron-builder derives .ico/.icns)
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

const outputs = [
  ['resources/icon.png', 256],
  ['resources/tray-icon.png', 32],
  ['resources/tray-icon@2x.png', 64],
  ['build/icon.png', 512],
]

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [file, size] of outputs) {
    const target = join(root, file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, encodePng(size, size, drawIcon(size)))
    console.log(`${file}  ${size}×${size}`)
  }
}
