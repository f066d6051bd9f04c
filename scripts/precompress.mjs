// After `vite build`: write .br and .gz beside each text asset of the web bundle, so the server
// (@fastify/static preCompressed) sends compressed files without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = resolve(process.argv[2] ?? 'dist/web')
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/
let files = 0
let raw = 0
let br = 0

function walk(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, entry.name)
    if (entry.isDirectory()) walk(p)
    else if (TEXT.test(entry.name) && statSync(p).size >= 1024) {
      const body = readFileSync(p)
      const b = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      writeFileSync(`${p}.br`, b)
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }))
      files++
      raw += body.length
      br += b.length
    }
  }
}
walk(dir)
console.log(
  `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KiB → ${(br / 1024).toFixed(0)} KiB (brotli)`,
)
