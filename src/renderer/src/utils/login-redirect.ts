/** The login page, carrying the page to return to (its path and its query). */
export const LOGIN_PATH = '/login.html'

export function loginPathWithRedirect(current: string | null | undefined): string {
  if (
    !current ||
    current === '/' ||
    /^\/login(\.html)?(\?|$)/.test(current) ||
    current.startsWith('/register.html')
  ) {
    return LOGIN_PATH
  }
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(current)}`
}
