/**
 * The renderer's stand-in for `typebox` (an alias in vite.web.config.ts and electron.vite.config.ts).
 * Endpoint declarations (src/shared/api) build request schemas with TypeBox; the server validates with
 * them, but the renderer only reads an endpoint's method, path and answer kind. So in the browser
 * bundle every schema builder is a no-op that answers an empty object, and TypeBox's ~20 KiB stay out
 * of the pages. Types still come from the real package (the alias is for the bundler only).
 */
const noop = (): object => ({})
const builders: Record<string, unknown> = new Proxy({}, { get: () => noop })

export const Type = builders
export default builders
