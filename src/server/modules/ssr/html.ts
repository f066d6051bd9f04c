/**
 * The rendered page: the built index.html with the page's head (title, description, keywords,
 * canonical, Open Graph, JSON-LD), the page chunk's CSS and scripts (from the client build's
 * manifest, so nothing of the page arrives late), antd's extracted styles, the app's HTML in #root
 * and the dehydrated query cache as a JSON data block. The one inline script is the boot script
 * (boot.ts), which the CSP allows by its hash; the scripts themselves are named in its attributes.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { bootTag } from './boot'
import type { PagePart } from './part-gzip'
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

/** A page chunk's own parts: its CSS inline, the modules it adds, the markers of its CSS for Vite. */
export interface PageTags {
  styles: string
  preloads: string[]
  markers: string
}

/**
 * index.html made ready for rendered pages: its CSS inline, its script and preload tags taken out
 * (they come back through the boot script, ssr/boot.ts) and \uE000B where they were.
 */
export interface PageShell {
  html: string
  entry: string
  preloads: string[]
}

export interface PageAssets {
  /** a page's own chunks: their CSS inlined as <style>, and their modules */
  tagsOf(pageSource: string | undefined): PageTags
  /** index.html with its stylesheet links replaced by their CSS inline, its scripts by the boot mark */
  shellOf(template: string): PageShell
}

/**
 * CSS goes into the page, ahead of the scripts. A stylesheet link blocks the first paint, and on a
 * phone's connection it waited behind the ~30 module preloads the head starts first (Lighthouse's
 * network log of `/`: the five small CSS files were requested after 36 scripts). Inline, the first
 * paint needs only the HTML (docs/ssr.md "Critical CSS").
 */
const styleTag = (href: string, css: string) => `<style data-href="/${href}">${css}</style>`
/** index.html's entry script and its module preloads (Vite writes them one after the other) */
const SCRIPT_TAG = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/g
const PRELOAD_TAG = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g
const BOOT_MARK = '\uE000B'

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
  const memo = new Map<string, PageTags>()
  const cssText = new Map<string, string>()
  const cssOf = (href: string): string => {
    let text = cssText.get(href)
    if (text === undefined) {
      const path = join(webRoot, href)
      // `</style` cannot occur in CSS that matters; escaped so the tag cannot be closed early
      text = existsSync(path) ? readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style') : ''
      cssText.set(href, text)
    }
    return text
  }
  let inlined: { from: string; to: PageShell } | null = null
  return {
    tagsOf(source) {
      if (!source || !manifest[source]) return { styles: '', preloads: [], markers: '' }
      const hit = memo.get(source)
      if (hit !== undefined) return hit
      const chunks = new Set<string>()
      walk(source, chunks)
      const own = [...chunks].filter((k) => !inEntry.has(k)).map((k) => manifest[k]!)
      const styles = own
        .flatMap((c) => c.css ?? [])
        .map((href) => styleTag(href, cssOf(href)))
        .join('')
      // the client loads the page chunk before hydrating, and Vite's loader adds (and waits for) a
      // stylesheet link of the chunk's CSS unless one is there: a link that applies to no medium
      // says it is, without blocking anything
      const markers = own
        .flatMap((c) => c.css ?? [])
        .map((href) => `<link rel="stylesheet" media="not all" href="/${href}">`)
        .join('')
      const tags = { styles, preloads: own.map((c) => `/${c.file}`), markers }
      memo.set(source, tags)
      return tags
    },
    shellOf(template) {
      if (inlined?.from === template) return inlined.to
      const links = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\s*/g
      const styles: string[] = []
      let page = template.replace(links, (_tag, href: string) => {
        styles.push(styleTag(href, cssOf(href)))
        return ''
      })
      // the CSS where the scripts were, the boot mark after it
      let entry = ''
      const preloads: string[] = []
      page = page
        .replace(SCRIPT_TAG, (_tag, src: string) => {
          entry = src
          return BOOT_MARK
        })
        .replace(PRELOAD_TAG, (_tag, href: string) => {
          preloads.push(href)
          return ''
        })
      if (!page.includes(BOOT_MARK)) page = page.replace('</head>', `${BOOT_MARK}</head>`)
      page = page.replace(BOOT_MARK, styles.join('') + BOOT_MARK)
      const shell = { html: page, entry, preloads }
      inlined = { from: template, to: shell }
      return shell
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

/** The marks of a page skeleton where a request's own parts go: title, keywords, description, head end, root. */
const SLOT = /\uE000([TKDHSR])/
type Skeleton = string[]
const skeletons = new WeakMap<object, { shell: PageShell; parts: Skeleton }>()

/**
 * The shell with the page chunk's CSS and boot tag in it, cut where a request's own parts go: built
 * once per page chunk (the template and the page's tags do not change while the server runs), so a
 * request only joins strings instead of running six replacements over the whole page.
 */
function skeletonOf(shell: PageShell, tags: PageTags): Skeleton {
  const hit = skeletons.get(tags)
  if (hit?.shell === shell) return hit.parts
  const boot = shell.entry ? bootTag(shell.entry, [...shell.preloads, ...tags.preloads]) : ''
  const marked = shell.html
    .replace(BOOT_MARK, tags.styles + boot)
    .replace(/<title>[\s\S]*?<\/title>/, '<title>\uE000T</title>')
    .replace(/<meta\s+name="keywords"[^>]*>/, '<meta name="keywords" content="\uE000K">')
    .replace(/<meta\s+name="description"[^>]*>/, '<meta name="description" content="\uE000D">')
    .replace('</head>', `\uE000H${tags.markers}\uE000S</head>`)
    .replace('<div id="root"></div>', '\uE000R')
  const parts = marked.split(SLOT)
  skeletons.set(tags, { shell, parts })
  return parts
}

/**
 * index.html made ready (PageAssets.shellOf) with a rendered page in it, as its parts in order: the
 * skeleton's pieces and the style block are the same strings on every page of their kind (marked
 * fixed: part-gzip.ts compresses them once), the rest is the request's own.
 */
export function composePage(shell: PageShell, result: RenderResult, tags: PageTags): PagePart[] {
  const { head } = result
  const slots: Record<string, string> = {
    T: escapeHtml(head.title),
    K: escapeHtml(head.keywords),
    D: escapeHtml(head.description),
    H: headTags(head),
    S: result.styles,
    R: result.state
      ? `<div id="root" data-ssr="1"${result.device === 'mobile' ? ' data-device="mobile"' : ''}>${result.html}</div><script type="application/json" id="ssr-state">${result.state}</script>`
      : `<div id="root">${result.html}</div>`,
  }
  // split() with a group: text, mark, text, mark, … text
  const parts = skeletonOf(shell, tags)
  return parts.map((part, i) =>
    i % 2 === 0 ? { text: part, fixed: true } : { text: slots[part]!, fixed: part === 'S' },
  )
}

export const pageText = (parts: readonly PagePart[]): string => parts.map((p) => p.text).join('')
