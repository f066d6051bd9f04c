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
}

/** main → renderer, fire and forget (webContents.send / ipcRenderer.on) */
export interface EventContract {
  /** open a route of the renderer (tray menu, notification click, deep link) */
  'nav:open': { payload: { path: string } }
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
] as const satisfies readonly InvokeChannel[]

export const EVENT_CHANNELS = ['nav:open'] as const satisfies readonly EventChannel[]

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

/** Links the desktop shell may hand to the system browser (shell.openExternal allow-list). */
export function isAllowedExternalUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'mailto:'
  } catch {
    return false
  }
}
