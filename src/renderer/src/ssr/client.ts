/**
 * The browser's side of a server-rendered page (docs/ssr.md): the query cache the server rendered
 * with (a JSON data block after #root), whether the first render is hydrating that HTML, and the
 * page's chunk loaded before hydrating so the server's HTML is kept as it is.
 */
import type { DehydratedState } from '@tanstack/react-query'
import type { PageKey } from '@renderer/app/route-table'

let hydrating = false

/**
 * True while the first render hydrates the server's HTML: client-only state (localStorage, the
 * window size) must wait for an effect then, or the first render would differ from the server's.
 */
export function isHydrating(): boolean {
  return hydrating
}

export function hydrationFinished(): void {
  hydrating = false
}

/** The dehydrated cache of a server-rendered page, or null (a client-only page: render afresh). */
export function readServerState(): DehydratedState | null {
  if (typeof document === 'undefined') return null
  const root = document.getElementById('root')
  const block = document.getElementById('ssr-state')
  if (!root?.hasAttribute('data-ssr') || !block?.textContent) return null
  try {
    const state = JSON.parse(block.textContent) as DehydratedState
    // the data is as fresh as the page: it counts from now, so nothing is fetched again at once
    const now = Date.now()
    for (const query of state.queries) query.state.dataUpdatedAt = now
    hydrating = true
    return state
  } catch {
    return null
  }
}

/** The chunks of the server-rendered pages (the same modules app/pages.ts loads lazily). */
const PAGE_CHUNKS: Partial<Record<PageKey, () => Promise<unknown>>> = {
  home: () => import('@renderer/features/home/HomePage'),
  goodsList: () => import('@renderer/features/goods/ListPage'),
  goodsDetail: () => import('@renderer/features/goods/DetailPage'),
  shop: () => import('@renderer/features/goods/ShopPage'),
  noticeList: () => import('@renderer/features/platform/NoticeListPage'),
  noticeDetail: () => import('@renderer/features/platform/NoticeDetailPage'),
  priceRecords: () => import('@renderer/features/record/RecordListPage'),
  love: () => import('@renderer/features/love/LovePage'),
}

export async function loadPageChunk(page: PageKey | undefined): Promise<void> {
  const load = page ? PAGE_CHUNKS[page] : undefined
  if (load) await load()
}
