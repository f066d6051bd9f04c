/**
 * The two layouts of the site: the phone's and the desktop's. The browser picks one from its window
 * width and user agent; the server, which knows only the user agent, draws a public page for the
 * layout the user agent names, so a phone's page hydrates without a second render (docs/ssr.md
 * "Phones").
 */
export type Device = 'desktop' | 'mobile'

/** Mobile when the user agent says Mobile: all the server knows of a request. */
export function deviceOfUserAgent(userAgent: string): Device {
  return /Mobile/.test(userAgent) ? 'mobile' : 'desktop'
}
