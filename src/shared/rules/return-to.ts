/**
 * Where the payment gateway sends the user back after a top-up. Like a real gateway's return_url,
 * the top-up records it when it is created (the gateway's page never carries it, so nobody can
 * change it on the way); unlike an arbitrary URL it is only a path of this site (starting with one
 * '/', never '//' or a backslash, no scheme, no host) to one of the app pages below, with only the
 * query parameters that page takes. Anything else is refused: no open redirect. Plain data: checked
 * by the server (and used by the pages that build it).
 */

export const TOPUP_RETURN_MAX_LENGTH = 200

/** Where a top-up without a return page goes back to: the balance page (it shows the result). */
export const DEFAULT_TOPUP_RETURN = '/account/balance.html'

const ORDER_NO = /^[A-Za-z0-9]{1,40}$/

/** The app pages a top-up may return to: their query parameters (pattern) and which are required. */
const RETURN_PAGES: Record<string, { params: Record<string, RegExp>; required: string[] }> = {
  // the order's payment page: a top-up started there because the balance was short
  '/buyer/pay.html': { params: { orderNo: ORDER_NO }, required: ['orderNo'] },
  '/account/balance.html': { params: {}, required: [] },
}

const BASE = 'http://return.invalid'

const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

/** The normalized same-site path of an allowed page, or null when `raw` is not one. */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > TOPUP_RETURN_MAX_LENGTH) return null
  // one leading slash; no '//' (another host), no backslash (browsers read '/\\' as '//'), no spaces or controls
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw) || hasControl(raw)) return null
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || url.hash !== '' || raw.includes('#')) return null
  const page = Object.prototype.hasOwnProperty.call(RETURN_PAGES, url.pathname)
    ? RETURN_PAGES[url.pathname]
    : undefined
  if (!page) return null
  const keys = [...url.searchParams.keys()]
  if (new Set(keys).size !== keys.length) return null
  const query = new URLSearchParams()
  for (const [key, value] of url.searchParams) {
    const pattern = Object.prototype.hasOwnProperty.call(page.params, key) ? page.params[key] : undefined
    if (!pattern || !pattern.test(value)) return null
    query.set(key, value)
  }
  if (page.required.some((key) => !query.has(key))) return null
  const search = query.toString()
  return search ? `${url.pathname}?${search}` : url.pathname
}

/** The return path with the top-up's number added (the page shows that top-up's result). */
export function returnWithTopup(path: string, topupNo: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}topupNo=${encodeURIComponent(topupNo)}`
}

/** The payment page of an order: where a top-up started from it returns. */
export const orderPayPath = (orderNo: string) => `/buyer/pay.html?orderNo=${encodeURIComponent(orderNo)}`
