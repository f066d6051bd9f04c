/**
 * Every invoke channel of the shared contract, wired to its service. `handlers` is typed
 * `{ [C in InvokeChannel]: ChannelHandler<C> }`: adding a channel to InvokeContract without a
 * handler here fails the type check.
 */
import type {
  CustomerServiceOpenResult,
  CustomerServiceRequest,
  DesktopSettings,
  DesktopSettingsPatch,
  SettingsSaveResult,
} from '@shared/desktop'
import { INVOKE_CHANNELS, isAllowedExternalUrl, type InvokeChannel } from '@shared/ipc'
import type { AppNotification } from '@shared/live-events'
import type { WorkbenchCounts } from '@shared/workbench'
import { handle, type ChannelHandler } from './handle'
import {
  noArgs,
  oneArg,
  parseCount,
  parseCsRequest,
  parseNotification,
  parseRoutePath,
  parseWorkbenchCounts,
  parseSettingsPatch,
  parseToken,
  parseUrl,
} from './validate'
import type { TokenVault } from '../services/token-vault'

export interface IpcServices {
  vault: TokenVault
  apiOrigin: () => string
  appVersion: () => string
  openExternal: (url: string) => Promise<void>
  setBadge: (count: number) => void
  /** a live-event notification, subject to its kind's preference */
  notify: (notification: AppNotification) => boolean
  /** start a download of the API's download route in the main window */
  startDownload: (url: string) => boolean
  openCustomerService: (request: CustomerServiceRequest) => CustomerServiceOpenResult
  settings: () => DesktopSettings
  /** throws a SettingsError (message for the user) on a bad value */
  updateSettings: (patch: DesktopSettingsPatch) => SettingsSaveResult
  chooseDownloadDir: () => Promise<string | null>
  relaunch: () => void
  takePendingRoute: () => string | null
  /** show the main window on an in-app route (the workbench's 去发货…) */
  openInMain: (path: string) => void
  /** the seller's counts for the tray menu */
  setWorkbenchCounts: (counts: WorkbenchCounts | null) => void
}

export type IpcHandlers = { [C in InvokeChannel]: ChannelHandler<C> }

export function createHandlers(services: IpcServices): IpcHandlers {
  return {
    'token:get': { args: noArgs, run: () => services.vault.get() },
    'token:set': { args: oneArg(parseToken), run: (token) => services.vault.set(token) },
    'token:clear': { args: noArgs, run: () => services.vault.clear() },
    'config:get-api-origin': { args: noArgs, run: () => services.apiOrigin() },
    'app:get-version': { args: noArgs, run: () => services.appVersion() },
    'shell:open-external': {
      args: oneArg(parseUrl),
      run: async (url) => {
        if (!isAllowedExternalUrl(url)) return false
        try {
          await services.openExternal(url)
          return true
        } catch (error) {
          console.warn('[ipc] shell:open-external failed', error)
          return false
        }
      },
    },
    'badge:set': { args: oneArg(parseCount), run: (count) => services.setBadge(count) },
    'notify:show': { args: oneArg(parseNotification), run: (n) => services.notify(n) },
    'download:start': { args: oneArg(parseUrl), run: (url) => services.startDownload(url) },
    'cs:open': { args: oneArg(parseCsRequest), run: (request) => services.openCustomerService(request) },
    'settings:get': { args: noArgs, run: () => services.settings() },
    'settings:set': { args: oneArg(parseSettingsPatch), run: (patch) => services.updateSettings(patch) },
    'settings:choose-download-dir': { args: noArgs, run: () => services.chooseDownloadDir() },
    'app:relaunch': { args: noArgs, run: () => services.relaunch() },
    'nav:take-pending': { args: noArgs, run: () => services.takePendingRoute() },
    'workbench:open-main': {
      args: oneArg(parseRoutePath),
      run: (path) => {
        services.openInMain(path)
        return true
      },
    },
    'workbench:set-counts': {
      args: oneArg(parseWorkbenchCounts),
      run: (counts) => services.setWorkbenchCounts(counts),
    },
  }
}

/** Registers all channels (once, after `ready`, before the first window loads). */
export function registerIpc(services: IpcServices): IpcHandlers {
  const handlers = createHandlers(services)
  const register = <C extends InvokeChannel>(channel: C): void => handle(channel, handlers[channel])
  for (const channel of INVOKE_CHANNELS) register(channel)
  return handlers
}
