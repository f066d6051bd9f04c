import type { DesktopBridge } from '../shared/ipc'

declare global {
  interface Window {
    /** present only inside the Electron shell; read it only in src/renderer/src/platform/desktop.ts */
    desktop?: DesktopBridge
  }
}

export {}
