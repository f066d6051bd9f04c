/**
 * Test doubles of Electron objects (Electron's binary is not available to unit tests: every test
 * mocks the 'electron' module and uses these). Not imported by production code.
 */
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

/** A prevent-able event like Electron's, carrying `url` (will-navigate / will-redirect). */
export function navEvent(url: string): { url: string; defaultPrevented: boolean; preventDefault(): void } {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

export class FakeWebContents extends EventEmitter {
  destroyed = false
  url = 'app://marketplace/'
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  readonly send = vi.fn()
  readonly downloadURL = vi.fn()
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  getURL(): string {
    return this.url
  }
}

/** An IpcMainInvokeEvent with just what the sender check reads. */
export function invokeEvent(frameUrl: string | null): { senderFrame: { url: string } | null } {
  return { senderFrame: frameUrl === null ? null : { url: frameUrl } }
}
