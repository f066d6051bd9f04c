/**
 * The rendered page: the built index.html with the page's head (title, description, keywords,
 * canonical, Open Graph, JSON-LD), the page chunk's CSS and scripts (from the client build's
 * manifest, so nothing of the page arrives late), antd's extracted styles, the app's HTML in #root
 * and the dehydrated query cache as a JSON data block (no inline script: the CSP allows none).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PageHead, RenderResult } from './renderer'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isEntry?: boolean
}
type Manifest = Record<string, ManifestChunk>

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESC[c]!)
const jsonLd = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c')

export interface PageAssets {
  /** <link> tags of a page's own chunk: its CSS and module preloads */
  tagsOf(pageSource: string | undefined): string
}

/** The page chunks' CSS and scripts from dist/web/.vite/manifest.json (none without a manifest). */
export function pageAssets(webRoot: string): PageAssets {
  const file = join(webRoot, '.vite', 'manifest.json')
  const manifest: Manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {}
  const entry = Object.values(manifest).find((c) => c.isEntry)
  // what the entry brings itself is already in index.html
  const inEntry = new Set<string>()
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const next of manifest[key].imports ?? []) walk(next, into)
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry)
  if (entryKey) walk(entryKey, inEntry)
  const memo = new Map<string, string>()
  return {
    tagsOf(source) {
      if (!source || !manifest[source]) return ''
      const hit = memo.get(source)
      if (hit !== undefined) return hit
      const chunks = new Set<string>()
      walk(source, chunks)
      const own = [...chunks].filter((k) => !inEntry.has(k)).map((k) => manifest[k]!)
      const css = own.flatMap((c) => c.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`)
      const js = own.map((c) => `<link rel="modulepreload" href="/${c.file}">`)
      const tags = [...css, ...js].join('')
      memo.set(source, tags)
      return tags
    },
  }
}

function headTags(head: PageHead): string {
  const tags = [
    head.canonical
      ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">`
      : '<meta name="robots" content="noindex">',
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:site_name" content="游侠易市">`,
    `<meta property="og:locale" content="zh_CN">`,
  ]
  if (head.canonical) tags.push(`<meta property="og:url" content="${escapeHtml(head.canonical)}">`)
  if (head.ogImage) tags.push(`<meta property="og:image" content="${escapeHtml(head.ogImage)}">`)
  for (const item of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonLd(item)}</script>`)
  return tags.join('')
}

/** index.html with a rendered page in it. */
export function composePage(template: string, result: RenderResult, assetTags: string): string {
  const { head } = result
  const root = result.state
    ? `<div id="root" data-ssr="1">${result.html}</div><script type="application/json" id="ssr-state">${result.state}</script>`
    : `<div id="root">${result.html}</div>`
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="keywords"[^>]*>/, `<meta name="keywords" content="${escapeHtml(head.keywords)}">`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      `<meta name="description" content="${escapeHtml(head.description)}">`,
    )
    .replace('</head>', `${headTags(head)}${assetTags}${result.styles}</head>`)
    .replace('<div id="root"></div>', root)
}
