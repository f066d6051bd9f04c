/**
 * Who the main process trusts: the built renderer served as `app://marketplace/…` (see
 * app-protocol.ts) and, in development only, the electron-vite dev server. Navigation guards,
 * the IPC sender check and the permission handlers all ask this one module.
 */
import { app } from 'electron'
import { DESKTOP_APP_HOST, DESKTOP_APP_ORIGIN, DESKTOP_APP_SCHEME } from '@shared/constants'

export const APP_SCHEME = DESKTOP_APP_SCHEME
export const APP_HOST = DESKTOP_APP_HOST
export const APP_ORIGIN = DESKTOP_APP_ORIGIN

/**
 * `scheme://host[:port]` of a URL, or null when it has no origin we could ever trust
 * (file:, data:, about:, javascript:, blob:, unparsable). Node's URL gives `origin === 'null'`
 * for non-special schemes such as app:, so the origin is built by hand.
 */
export function originOf(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url === '') return null
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin
  if (u.protocol === `${APP_SCHEME}:` && u.host !== '') return `${APP_SCHEME}://${u.host.toLowerCase()}`
  return null
}

/** The electron-vite dev server (`ELECTRON_RENDERER_URL`), never in a packaged app. */
export function devServerUrl(): string | null {
  if (app.isPackaged) return null
  const url = process.env['ELECTRON_RENDERER_URL']
  return url && originOf(url) ? url : null
}

export function trustedOrigins(): string[] {
  const dev = originOf(devServerUrl())
  return dev ? [APP_ORIGIN, dev] : [APP_ORIGIN]
}

/** Whether a page or frame at this URL is our own renderer. */
export function isTrustedUrl(url: string | null | undefined): boolean {
  const origin = originOf(url)
  return origin !== null && trustedOrigins().includes(origin)
}

/** The URL the main window loads: the dev server in development, else the app protocol. */
export function rendererEntryUrl(): string {
  return devServerUrl() ?? `${APP_ORIGIN}/`
}
