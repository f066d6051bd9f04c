/**
 * What the renderer needs from the shell it runs in (architecture.md). Features import `platform`
 * from './index'; only desktop.ts touches window.desktop, only web.ts uses cookies for the token.
 * The implementation is chosen at build time through the `@platform-impl` alias.
 */
import type {
  CustomerServiceOpenResult,
  CustomerServiceRequest,
  DesktopSettings,
  DesktopSettingsPatch,
  SettingsSaveResult,
} from '@shared/desktop'
import type { AppNotification } from '@shared/live-events'
import type { WorkbenchCounts } from '@shared/workbench'

/** The seller workbench's access to the shell (docs/desktop.md); only the desktop shell has one. */
export interface WorkbenchApi {
  /** show the main window on an in-app route (the workbench's 去发货…) */
  openInMain(path: string): Promise<boolean>
  /** the counts of the tray menu; null when logged out */
  setCounts(counts: WorkbenchCounts | null): void
}

/** The desktop settings dialog's access to the shell (only the desktop shell has one). */
export interface DesktopSettingsApi {
  get(): Promise<DesktopSettings>
  save(patch: DesktopSettingsPatch): Promise<SettingsSaveResult>
  /** a folder picker; null when cancelled */
  chooseDownloadDir(): Promise<string | null>
  /** restart the app (a new server address takes effect) */
  relaunch(): Promise<void>
  version(): Promise<string>
  /** the app menu or the tray asks for the dialog; returns unsubscribe */
  onOpen(listener: () => void): () => void
}

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
  /**
   * download a file of the API (/api/common/download?…&ticket=…): web, a normal download through an
   * anchor (Content-Disposition names it); desktop, the main-process download manager (folder,
   * progress, a notification when done)
   */
  download(url: string, fileName?: string): void
  /** open a link outside the app (web: new tab; desktop: system browser, allow-listed) */
  openExternal(url: string): void
  /** unread count on the tray / dock (web: the document title) */
  setBadge(count: number): void
  /**
   * a notification of a live event (desktop: native, per the user's preferences, a click opens its
   * route; web: the browser's, only when the user granted it and the page is hidden)
   */
  notify(notification: AppNotification): void
  /**
   * open the built-in customer-service conversation (docs/customer-service.md): desktop, its own
   * window on the conversation's route; web, 'inline' — the renderer shows it over the page
   */
  openCustomerService(request: CustomerServiceRequest): Promise<CustomerServiceOpenResult | 'inline'>
  /** subscribe to navigation requests from the shell (tray menu, notifications); returns unsubscribe */
  onNavigate(listener: (path: string) => void): () => void
  /** the desktop settings dialog's access to the shell; null on the web */
  readonly desktopSettings: DesktopSettingsApi | null
  /** the seller workbench's access to the shell; null on the web */
  readonly workbench: WorkbenchApi | null
}
