/**
 * antd's styles of a server-rendered page (docs/ssr.md "antd's styles").
 *
 * antd computes a component's CSS from the theme only (the site has one theme, with CSS variables),
 * never from the page's data: the CSS of a component is the same on every page and every request.
 * Each render still gets a cache of its own (so the page carries only the styles of the components it
 * rendered), but that cache reads through to one process-wide cache: a component's CSS (and the
 * theme's tokens) is computed once per process, and the CSS of a page is put together once per set
 * of components and then reused.
 *
 * The page gets one `<style>` block for the components' styles. It holds antd's map of the styles it
 * carries; with no `<style data-ant-cssinjs-cache-path>` tag in the page the browser's antd takes
 * them as coming from a stylesheet, so it neither computes nor inserts them again. It carries every
 * component whose style hook ran in the server's render, drawn or not (a closed tooltip, the click
 * wave, the App's modal holder): hydration runs the same hooks, and a style missing from the page is
 * compiled in the browser then, in the middle of hydration. The CSS variables (the theme's and each
 * component's) go in small tags of their own, marked as antd marks them: the browser's antd looks for
 * those tags by their hash and, finding them, inserts nothing (an insert restyles the whole page).
 */
import { createCache, extractStyle } from '@ant-design/cssinjs'
import hash from '@emotion/hash'

type StyleCache = ReturnType<typeof createCache>

/** Every style, token and CSS-variable block computed so far (bounded: one theme, a fixed set of components). */
const shared = createCache()

/** A render's own cache: what it rendered, with the values taken from (and given to) the shared one. */
export function pageStyleCache(): StyleCache {
  const cache = createCache()
  const own = cache.opUpdate.bind(cache)
  cache.opUpdate = (key, valueFn) =>
    own(key, (prev) => {
      const next = valueFn(prev ?? shared.opGet(key))
      if (next && !shared.cache.has(key)) shared.cache.set(key, next)
      return next
    })
  return cache
}

/**
 * The block stands first in antd's queue of style tags (the lowest priority antd uses), so a style the
 * browser inserts later goes after it — after the page's own CSS too, where the separate tags put it.
 */
const QUEUE = 'data-rc-order="prependQueue" data-rc-priority="-1000" data-antd'

const pageCss = new Map<string, string>()
const PAGE_CSS_LIMIT = 200

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style')

/** extractStyle's tags of the components' CSS variables end with an (empty) map tag: cut off. */
const CACHE_MAP_TAG = /<style[^>]*data-ant-cssinjs-cache-path[^>]*>[\s\S]*?<\/style>/

/**
 * The theme's CSS variables, in the tag the browser's antd looks for. Not through extractStyle: it
 * marks the tag with the token's key, while the browser looks for `hash('css-var-' + key)`
 * (@ant-design/cssinjs useCacheToken), so it would insert the 12 KB block a second time.
 */
function themeVariables(cache: StyleCache): string {
  let tags = ''
  for (const [key, [, value]] of cache.cache) {
    if (!key.startsWith('token%')) continue
    const [, , , css, cssVarKey] = value as [unknown, unknown, unknown, string | undefined, string]
    if (!css) continue
    tags += `<style data-rc-order="prependQueue" data-rc-priority="-999" data-token-hash="${cssVarKey}" data-css-hash="${hash(`css-var-${cssVarKey}`)}">${css}</style>`
  }
  return tags
}

/** The page's antd styles (one string per set of components rendered, computed once). */
export function pageStyles(cache: StyleCache): string {
  const keys = [...cache.cache.keys()]
  const id = keys.join('\n')
  let css = pageCss.get(id)
  if (css === undefined) {
    const used = createCache()
    for (const key of keys) {
      used.cache.set(key, cache.cache.get(key)!)
      used.updateTimes.set(key, cache.updateTimes.get(key) ?? 0)
    }
    const block = escapeStyle(extractStyle(used, { plain: true, types: ['style'] }))
    const variables = extractStyle(used, { types: ['cssVar'] }).replace(CACHE_MAP_TAG, '')
    css = `<style ${QUEUE}>${block}</style>${themeVariables(used)}${variables}`
    if (pageCss.size >= PAGE_CSS_LIMIT) pageCss.clear()
    pageCss.set(id, css)
  }
  return css
}
