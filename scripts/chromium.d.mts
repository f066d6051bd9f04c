export function findChromium(options?: { headless?: boolean }): string | null
export const CHROMIUM_HELP: string
export const CHROMIUM_ARGS: string[]
