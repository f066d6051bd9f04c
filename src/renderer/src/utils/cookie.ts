/** Minimal cookie helpers (document.cookie), used by the web platform and the app store. */
export interface CookieOptions {
  /** lifetime in days; a session cookie when absent */
  days?: number
  path?: string
  sameSite?: 'Lax' | 'Strict' | 'None'
  secure?: boolean
}

export function getCookie(name: string): string | undefined {
  // the server-side renderer has no cookies (pages render logged out there)
  if (typeof document === 'undefined') return undefined
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split(';')) {
    const pair = part.trim()
    if (pair.startsWith(prefix)) {
      try {
        return decodeURIComponent(pair.slice(prefix.length))
      } catch {
        return pair.slice(prefix.length)
      }
    }
  }
  return undefined
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`]
  if (options.days !== undefined) {
    parts.push(`expires=${new Date(Date.now() + options.days * 864e5).toUTCString()}`)
  }
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
  if (options.secure) parts.push('Secure')
  document.cookie = parts.join('; ')
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}; SameSite=Lax`
}
