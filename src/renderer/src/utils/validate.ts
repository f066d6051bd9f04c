/** A link is external when it starts with http, https, mailto or tel. */
export function isExternal(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^(https?:|mailto:|tel:)/i.test(path)
}

/**
 * A redirect target taken from the query string is only followed when it stays on this site:
 * an absolute path ("/x"), never a protocol-relative ("//host") or absolute URL.
 */
export function safeRedirectTarget(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback
  return target
}
