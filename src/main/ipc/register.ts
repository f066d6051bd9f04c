/**
 * Every invoke channel of the shared contract, wired to its service. `handlers` is typed
 * `{ [C in InvokeChannel]: ChannelHandler<C> }`: adding a channel to InvokeContract without a
 * handler here fails the type check.
 */
import { INVOKE_CHANNELS, isAllowedExternalUrl, type InvokeChannel } from '@shared/ipc'
import { handle, type ChannelHandler } from './handle'
import { noArgs, oneArg, parseCount, parseToken, parseUrl } from './validate'
import type { TokenVault } from '../services/token-vault'

export interface IpcServices {
  vault: TokenVault
  apiOrigin: () => string
  appVersion: () => string
  openExternal: (url: string) => Promise<void>
  setBadge: (count: number) => void
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
  }
}

/** Registers all channels (once, after `ready`, before the first window loads). */
export function registerIpc(services: IpcServices): IpcHandlers {
  const handlers = createHandlers(services)
  const register = <C extends InvokeChannel>(channel: C): void => handle(channel, handlers[channel])
  for (const channel of INVOKE_CHANNELS) register(channel)
  return handlers
}
