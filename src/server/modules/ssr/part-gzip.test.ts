import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PartGzip, type PagePart } from './part-gzip'

/** text that compresses like a page (repeats with variation), of about `length` characters */
function pageLike(seed: number, length: number): string {
  let text = ''
  for (let i = 0; text.length < length; i++)
    text += `<div class="goods-card" data-i="${(i * seed) % 977}">王者荣耀 ${i} 号账号 ¥${(i * 37 + seed) % 10000}</div>`
  return text
}

const textOf = (parts: PagePart[]) => parts.map((p) => p.text).join('')

describe('PartGzip', () => {
  const css = pageLike(7, 60_000)
  const skeleton = ['<!doctype html><html><head><title>', pageLike(3, 5_000), '</head><body>']
  const page = (own: string): PagePart[] => [
    { text: skeleton[0]!, fixed: true },
    { text: '游侠易市 · 列表', fixed: false },
    { text: skeleton[1]!, fixed: true },
    { text: css, fixed: true },
    { text: skeleton[2]!, fixed: true },
    { text: own, fixed: false },
    { text: '</body></html>', fixed: true },
  ]

  it('joins separately compressed parts into one gzip member that decompresses to the page', () => {
    const gzip = new PartGzip()
    for (const own of [pageLike(11, 40_000), pageLike(13, 1_000), '', '含 emoji 🎮 与中文的页面']) {
      const parts = page(own)
      const encoded = gzip.encode(parts)
      expect(gunzipSync(encoded).toString()).toBe(textOf(parts))
    }
  })

  it('compresses a fixed part once and reuses its bytes', () => {
    const gzip = new PartGzip()
    const first = gzip.encode(page('甲'))
    const second = gzip.encode(page('乙'))
    // the pieces up to the request's own part are the same bytes
    const same = (() => {
      let i = 0
      while (first[i] === second[i]) i++
      return i
    })()
    expect(same).toBeGreaterThan(1000)
    expect(gunzipSync(second).toString()).toBe(textOf(page('乙')))
  })

  it('stays close to gzip of the whole page', () => {
    const parts = page(pageLike(17, 80_000))
    const whole = gzipSync(textOf(parts), { level: 6 }).length
    expect(new PartGzip().encode(parts).length).toBeLessThan(whole * 1.1)
  })

  it('handles a page of small parts only, and an empty one', () => {
    const gzip = new PartGzip()
    const small: PagePart[] = [
      { text: '<p>', fixed: true },
      { text: '你好', fixed: false },
      { text: '</p>', fixed: true },
    ]
    expect(gunzipSync(gzip.encode(small)).toString()).toBe('<p>你好</p>')
    expect(gunzipSync(gzip.encode([])).toString()).toBe('')
  })

  it('keeps a bounded number of fixed parts', () => {
    const gzip = new PartGzip(2)
    const texts = [1, 2, 3].map((n) => pageLike(n, 3_000))
    for (const text of texts) gzip.encode([{ text, fixed: true }])
    expect(gunzipSync(gzip.encode([{ text: texts[0]!, fixed: true }])).toString()).toBe(texts[0])
    expect((gzip as unknown as { kept: Map<string, unknown> }).kept.size).toBeLessThanOrEqual(2)
  })
})
