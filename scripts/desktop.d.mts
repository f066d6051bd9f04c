/** Path of the Electron executable, or null when it is not installed (never downloads). */
export function findElectronBinary(env?: NodeJS.ProcessEnv): string | null
/** Whether out/ is missing or older than any source of the desktop build. */
export function buildIsStale(base?: string): boolean
export const MISSING_ELECTRON_MESSAGE: string
export const DEFAULT_API_ORIGIN: string
