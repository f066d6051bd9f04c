/**
 * Builds `window.desktop` from the shared IPC contract: one method per invoke channel (named by
 * methodName: 'token:get' → tokenGet) and `on()` for the event channels. Nothing is written per
 * channel — a channel added to the contract appears here by itself.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron'
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  methodName,
  type DesktopBridge,
  type EventChannel,
} from '@shared/ipc'

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>

const EVENTS: ReadonlySet<string> = new Set(EVENT_CHANNELS)

export function buildDesktopBridge(ipc: IpcRendererLike): DesktopBridge {
  const bridge: Record<string, unknown> = { platform: 'desktop' }

  for (const channel of INVOKE_CHANNELS) {
    bridge[methodName(channel)] = (...args: unknown[]) => ipc.invoke(channel, ...args)
  }

  bridge['on'] = (channel: EventChannel, listener: (payload: unknown) => void): (() => void) => {
    if (!EVENTS.has(channel)) throw new Error(`unknown desktop event channel: ${String(channel)}`)
    if (typeof listener !== 'function') throw new TypeError('listener must be a function')
    // the IpcRendererEvent (with its sender) never reaches the renderer: only the payload does
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipc.on(channel, wrapped)
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      ipc.removeListener(channel, wrapped)
    }
  }

  return Object.freeze(bridge) as unknown as DesktopBridge
}
