/**
 * The one way the main process talks IPC (architecture.md): `handle()` registers an invoke
 * channel of the shared contract behind a sender check and an argument parser; `send()` emits a
 * main→renderer event of the contract. No other file imports ipcMain.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import type { EventChannel, EventContract, InvokeChannel, InvokeContract } from '@shared/ipc'
import { isTrustedUrl } from '../windows/app-origin'

export type InvokeArgs<C extends InvokeChannel> = InvokeContract[C]['args']
export type InvokeResult<C extends InvokeChannel> = InvokeContract[C]['result']

/**
 * One channel's handler. The renderer is untrusted, so its arguments arrive as `unknown[]`:
 * `args` must turn them into the contract's tuple or throw (see validate.ts); `run` then gets
 * typed arguments.
 */
export interface ChannelHandler<C extends InvokeChannel> {
  args: (raw: readonly unknown[]) => InvokeArgs<C>
  run: (...args: InvokeArgs<C>) => InvokeResult<C> | Promise<InvokeResult<C>>
}

export class UntrustedSenderError extends Error {
  constructor(channel: string, url: string | undefined) {
    super(`IPC '${channel}' refused: untrusted sender ${url ?? '(no frame)'}`)
    this.name = 'UntrustedSenderError'
  }
}

/** The sender check: the calling frame exists and belongs to our renderer's origin. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame
  return frame != null && isTrustedUrl(frame.url)
}

/** Registers `channel`; calls from other origins, vanished frames or file:// are rejected. */
export function handle<C extends InvokeChannel>(channel: C, handler: ChannelHandler<C>): void {
  ipcMain.handle(channel, async (event, ...raw: unknown[]) => {
    if (!isTrustedSender(event)) {
      const url = event.senderFrame?.url
      console.warn(`[ipc] ${channel}: refused call from ${url ?? '(no frame)'}`)
      throw new UntrustedSenderError(channel, url)
    }
    return handler.run(...handler.args(raw))
  })
}

/** Sends a contract event to one webContents (skipped once it is destroyed). */
export function send<E extends EventChannel>(
  contents: WebContents,
  channel: E,
  payload: EventContract[E]['payload'],
): void {
  if (contents.isDestroyed()) return
  contents.send(channel, payload)
}
