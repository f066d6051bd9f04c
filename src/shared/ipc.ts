import type {
  CustomerServiceOpenResult,
  CustomerServiceRequest,
  DesktopSettings,
  DesktopSettingsPatch,
  SettingsSaveResult,
} from './desktop'
import type { AppNotification } from './live-events'
import type { WorkbenchCounts } from './workbench'

/**
 * The one IPC contract between the Electron main process and the renderer (architecture.md).
 * Main registers handlers only through its typed helper (which checks the sender); the preload
 * derives `window.desktop` from these maps. Channel names are `domain:verb`.
 */

/** renderer → main, request/response (ipcRenderer.invoke / ipcMain.handle) */
export interface InvokeContract {
  'token:get': { args: []; result: string | null }
  'token:set': { args: [token: string]; result: void }
  'token:clear': { args: []; result: void }
  'config:get-api-origin': { args: []; result: string }
  'app:get-version': { args: []; result: string }
  'shell:open-external': { args: [url: string]; result: boolean }
  'badge:set': { args: [count: number]; result: void }
  /** a native notification; false when its kind is switched off or the system has none */
  'notify:show': { args: [notification: AppNotification]; result: boolean }
  /** download a file of the API (/api/common/download?…) through the main-process download manager */
  'download:start': { args: [url: string]; result: boolean }
  /** open (or focus) the customer-service window of a conversation */
  'cs:open': { args: [request: CustomerServiceRequest]; result: CustomerServiceOpenResult }
  'settings:get': { args: []; result: DesktopSettings }
  'settings:set': { args: [patch: DesktopSettingsPatch]; result: SettingsSaveResult }
  /** a folder picker for the download folder; null when cancelled */
  'settings:choose-download-dir': { args: []; result: string | null }
  /** restart the app (after the server address changed) */
  'app:relaunch': { args: []; result: void }
  /** a route the shell was asked to open before the renderer listened (deep link at launch) */
  'nav:take-pending': { args: []; result: string | null }
  /** the workbench window: open a route in the main window (e.g. 去发货); false for a bad path */
  'workbench:open-main': { args: [path: string]; result: boolean }
  /** the seller's counts for the tray menu (orders to deliver, pending bids, unread) */
  'workbench:set-counts': { args: [counts: WorkbenchCounts | null]; result: void }
}

/** main → renderer, fire and forget (webContents.send / ipcRenderer.on) */
export interface EventContract {
  /** open a route of the renderer (tray menu, notification click, deep link) */
  'nav:open': { payload: { path: string } }
  /** open the desktop settings dialog (app menu, tray 设置) */
  'settings:open': { payload: Record<string, never> }
}

export type InvokeChannel = keyof InvokeContract
export type EventChannel = keyof EventContract

/** The channel lists, as values, so the preload can build its bridge from them. */
export const INVOKE_CHANNELS = [
  'token:get',
  'token:set',
  'token:clear',
  'config:get-api-origin',
  'app:get-version',
  'shell:open-external',
  'badge:set',
  'notify:show',
  'download:start',
  'cs:open',
  'settings:get',
  'settings:set',
  'settings:choose-download-dir',
  'app:relaunch',
  'nav:take-pending',
  'workbench:open-main',
  'workbench:set-counts',
] as const satisfies readonly InvokeChannel[]

export const EVENT_CHANNELS = ['nav:open', 'settings:open'] as const satisfies readonly EventChannel[]

/** Every channel of the contract is listed once in the arrays above (checked by the type below). */
type Missing<All, Listed> = Exclude<All, Listed>
export type InvokeChannelsComplete =
  Missing<InvokeChannel, (typeof INVOKE_CHANNELS)[number]> extends never ? true : never
export type EventChannelsComplete =
  Missing<EventChannel, (typeof EVENT_CHANNELS)[number]> extends never ? true : never
export const CHANNEL_LISTS_COMPLETE: InvokeChannelsComplete & EventChannelsComplete = true

/** camelCase method name of a channel on window.desktop: 'token:get' → 'tokenGet' */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}`
  ? `${A}${Capitalize<CamelCase<B>>}`
  : C
type CamelCase<S extends string> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<CamelCase<B>>}` : S

export function methodName<C extends string>(channel: C): MethodName<C> {
  const [domain, verb] = channel.split(':') as [string, string]
  const camel = verb.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  return (domain + camel.charAt(0).toUpperCase() + camel.slice(1)) as MethodName<C>
}

/** The shape of `window.desktop`, derived from the contract. */
export type DesktopBridge = {
  [C in InvokeChannel as MethodName<C>]: (
    ...args: InvokeContract[C]['args']
  ) => Promise<InvokeContract[C]['result']>
} & {
  /** subscribe to a main→renderer event; returns the unsubscribe function */
  on<E extends EventChannel>(channel: E, listener: (payload: EventContract[E]['payload']) => void): () => void
  readonly platform: 'desktop'
}

/**
 * Links the desktop shell may hand to the system browser (shell.openExternal allow-list): web pages
 * and mail addresses only — no file:, custom schemes or OS handlers (ms-settings:, smb:…), and no
 * credentials in the address (user:pass@host is a classic phishing disguise).
 */
export function isAllowedExternalUrl(url: string): boolean {
  try {
    const u = new URL(url)
    if (u.username || u.password) return false
    return u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'mailto:'
  } catch {
    return false
  }
}
