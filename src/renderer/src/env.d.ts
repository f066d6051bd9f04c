/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** which shell the bundle was built for; set by `define` in vite.web.config.ts / electron.vite.config.ts */
  readonly VITE_PLATFORM: 'web' | 'desktop'
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

/** The platform implementation chosen at build time (platform/web.ts or platform/desktop.ts). */
declare module '@platform-impl' {
  import type { Platform } from '@renderer/platform/platform'
  const impl: Platform
  export default impl
}
