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
 * The page gets one `<style>` block (no tag per component). It holds antd's map of the styles it
 * carries; with no `<style data-ant-cssinjs-cache-path>` tag in the page the browser's antd takes
 * them as coming from a stylesheet, so it neither computes nor inserts them again. Components that
 * drew nothing (tooltips, popovers, the click wave…) are left out: the browser computes their CSS
 * when it first draws them.
 */
import { createCache, extractStyle } from '@ant-design/cssinjs'

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
 * A component's styles are carried when its class (antd's cache path names it: `style%<hash>%Select-
 * Select%ant-select%…`) is in the page's markup. A component that drew nothing on the server (a closed
 * tooltip, popover or dropdown, the click wave, a spinner not spinning) is left out; it is not in the
 * map either, so the browser computes its CSS when it first draws it.
 */
function drawn(key: string, html: string): boolean {
  if (!key.startsWith('style%')) return true
  const prefixCls = key.split('%')[3]
  return !prefixCls || prefixCls === 'ant' || html.includes(prefixCls)
}

/**
 * The block stands first in antd's queue of style tags (the lowest priority antd uses), so a style the
 * browser inserts later goes after it — after the page's own CSS too, where the separate tags put it.
 */
const QUEUE = 'data-rc-order="prependQueue" data-rc-priority="-1000" data-antd'

const pageCss = new Map<string, string>()
const PAGE_CSS_LIMIT = 200

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style')

/** The `<style>` block of the components a render drew in `html` (one string per set, computed once). */
export function pageStyles(cache: StyleCache, html: string): string {
  const keys = [...cache.cache.keys()].filter((key) => drawn(key, html))
  const id = keys.join('\n')
  let css = pageCss.get(id)
  if (css === undefined) {
    const used = createCache()
    for (const key of keys) {
      used.cache.set(key, cache.cache.get(key)!)
      used.updateTimes.set(key, cache.updateTimes.get(key) ?? 0)
    }
    css = `<style ${QUEUE}>${escapeStyle(extractStyle(used, { plain: true }))}</style>`
    if (pageCss.size >= PAGE_CSS_LIMIT) pageCss.clear()
    pageCss.set(id, css)
  }
  return css
}
