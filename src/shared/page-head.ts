/**
 * The head of a server-rendered page (docs/ssr.md): built by the renderer's SSR pages
 * (src/renderer/src/ssr/head.ts), written into the HTML by the server (modules/ssr/html.ts).
 */
export interface PageHead {
  title: string
  description: string
  keywords: string
  /** absolute; null: the page is not to be indexed (404) */
  canonical: string | null
  ogType: 'website' | 'product' | 'article'
  ogImage?: string
  /** JSON-LD objects, each written as one script */
  jsonLd: object[]
}
