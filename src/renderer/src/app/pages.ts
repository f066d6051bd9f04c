/**
 * The built pages, one lazily loaded chunk each, so the home page does not download the others. A
 * page is the module a record of src/shared/pages/site.ts names (`page`): `features/<page>.tsx` or
 * `features/<page>/index.tsx`, found by `import.meta.glob` over the `…Page` modules. A record whose
 * module is missing throws when this module loads (pages.test.ts checks every record).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { SITE_PAGE_RECORDS, type PageKey } from '@shared/pages/site'

type PageModule = { default: ComponentType }
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** loads the chunk; React then gets the page in the same render */
  preload(): Promise<void>
}

/**
 * React.lazy over the page's chunk that, once the chunk is in (`preload`), hands React the page at
 * once (a thenable that resolves while React asks) instead of suspending for a microtask. A page
 * the server rendered is preloaded before hydrating: when a tap lands in its region before React
 * got to it, React hydrates the region then and there and handles the tap; a suspending page made
 * React drop the tap (docs/ssr.md "Hydration").
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined
  const fetchChunk = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  const page = lazy(() =>
    loaded
      ? // a thenable React resolves synchronously (its lazy reads the result inside `then`)
        ({
          then: (resolve: (module: PageModule) => void) => resolve(loaded!),
        } as unknown as Promise<PageModule>)
      : fetchChunk(),
  )
  return Object.assign(page, { preload: () => fetchChunk().then(() => undefined) })
}

/** The page modules, not loaded: each is a chunk of its own (the console's are not among them). */
const FILES: PageFiles = import.meta.glob<PageModule>([
  '../features/*/*Page.tsx',
  '../features/*/*Page/index.tsx',
])

export type PageFiles = Record<string, () => Promise<PageModule>>

/** The file of the module `page` names among `files`; throws when there is none. */
export function pageFile(page: string, files: PageFiles = FILES): string {
  const file = [`../features/${page}.tsx`, `../features/${page}/index.tsx`].find((f) => f in files)
  if (!file)
    throw new Error(`no page module features/${page}(.tsx|/index.tsx): a …Page file with a default export`)
  return file
}

const pageKeys = [...new Set(SITE_PAGE_RECORDS.flatMap((record) => (record.page ? [record.page] : [])))]

export const PAGES = Object.fromEntries(
  pageKeys.map((page) => [page, lazyPage(FILES[pageFile(page)])]),
) as Record<PageKey, LazyPage>

/** The page's module as the client build's manifest names it (its chunk and CSS, docs/ssr.md). */
export const pageSource = (page: PageKey) => pageFile(page).replace(/^\.\.\//, 'src/')

/** `system/user/index.vue`, `/system/user/` and `system/user` name the same page. */
export function normalizeComponentName(name: string): string {
  return name
    .trim()
    .replace(/\.(vue|tsx?|jsx?)$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/index$/, '')
}

/** The component names server menu rows may give (run-time routes): a record's `menuNames`. */
const MENU_PAGES = new Map(
  SITE_PAGE_RECORDS.flatMap(({ page, menuNames = [] }) =>
    page ? menuNames.map((name) => [name, page] as const) : [],
  ),
)

/** The page a server menu row's component names; none: the 建设中 page with the item's title. */
export function menuComponent(name: string): LazyPage | undefined {
  const page = MENU_PAGES.get(name) ?? MENU_PAGES.get(normalizeComponentName(name))
  return page ? PAGES[page] : undefined
}
