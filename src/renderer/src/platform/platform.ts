/**
 * What the renderer needs from the shell it runs in (architecture.md). Features import `platform`
 * from './index'; only desktop.ts touches window.desktop, only web.ts uses cookies for the token.
 * The implementation is chosen at build time through the `@platform-impl` alias.
 */
export interface Platform {
  readonly kind: 'web' | 'desktop'
  /** load what must be known before the first request (desktop: API origin and token from main) */
  init(): Promise<void>
  /** base URL of the API: '/api' on the web; '<server origin>/api' on the desktop */
  apiBaseUrl(): string
  /** the session token, synchronously, for the request layer (desktop: an in-memory copy) */
  getToken(): string | undefined
  setToken(token: string): Promise<void>
  clearToken(): Promise<void>
  /** start a download of a URL (web: an anchor; desktop: main-process download manager) */
  download(url: string, fileName?: string): void
  /** open a link outside the app (web: new tab; desktop: system browser, allow-listed) */
  openExternal(url: string): void
  /** unread count on the tray / dock (web: the document title) */
  setBadge(count: number): void
  /** subscribe to navigation requests from the shell (tray menu, notifications); returns unsubscribe */
  onNavigate(listener: (path: string) => void): () => void
}
