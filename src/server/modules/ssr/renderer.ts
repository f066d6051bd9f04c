/**
 * The server's view of the built page renderer (dist/ssr/entry-server.js, built from
 * src/renderer/src/ssr/entry-server.tsx): the shapes it answers, and loading it. The renderer is
 * compiled by its own build (React, antd, the route table), so the server only imports it at run
 * time; without it, pages are the client-only app as before (docs/ssr.md).
 */
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { Device } from '../../../shared/device'
import type { PageHead } from '../../../shared/page-head'
import { productionUnlessNodeEnvSet } from '../../config'

export type { PageHead }

export interface RenderResult {
  status: number
  head: PageHead
  html: string
  styles: string
  state: string | null
  page: string
  /** the layout drawn (data-device on #root) */
  device?: Device
}

export type ServerCall = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<unknown>

export interface PageRenderer {
  setTransport(send: ServerCall): void
  isServerRendered(pathname: string): boolean
  render(input: { url: string; origin: string; device?: Device }): Promise<RenderResult>
  /** page key → its module, as the client build's manifest names it */
  PAGE_SOURCES: Record<string, string>
}

/** The built renderer module at `file`, or null when it has not been built. */
export async function loadPageRenderer(file: string | null | undefined): Promise<PageRenderer | null> {
  if (!file || !existsSync(file)) return null
  // React and antd read NODE_ENV: the browser bundle is a production build, and the server's HTML
  // must match it (antd's class names differ in development) — unless the process says otherwise
  productionUnlessNodeEnvSet()
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as PageRenderer
}
