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

export type PageFiles = Record<string, () => Promise<PageModule>>

/**
 * The one way a record finds its module, for the site's pages here and the console's
 * (features/staff/registry.ts): among `files` (an `import.meta.glob`, not loaded), the first of
 * `candidates(key)` that exists. A key without one throws: a record naming a missing page fails
 * when the app loads, not later as a blank page.
 */
export function pageLoaders<K extends string>(
  keys: readonly K[],
  files: PageFiles,
  candidates: (key: K) => string[],
): Record<K, { file: string; load: () => Promise<PageModule> }> {
  const found = keys.map((key) => [key, candidates(key).find((file) => file in files)] as const)
  const missing = found.filter(([, file]) => !file).map(([key]) => key)
  if (missing.length) throw new Error(`pages without their module (${candidates(missing[0])}): ${missing}`)
  return Object.fromEntries(found.map(([key, file]) => [key, { file: file!, load: files[file!] }])) as Record<
    K,
    { file: string; load: () => Promise<PageModule> }
  >
}

/** The site's page modules, not loaded: each is a chunk of its own (the console's are not among them). */
const FILES: PageFiles = import.meta.glob<PageModule>([
  '../features/*/*Page.tsx',
  '../features/*/*Page/index.tsx',
])

/** A site record's module: `features/<page>.tsx` or `features/<page>/index.tsx`. */
export const siteCandidates = (page: string) => [`../features/${page}.tsx`, `../features/${page}/index.tsx`]

const MODULES = pageLoaders(
  [...new Set(SITE_PAGE_RECORDS.flatMap((record) => (record.page ? [record.page] : [])))],
  FILES,
  siteCandidates,
)

export const PAGES = Object.fromEntries(
  Object.entries(MODULES).map(([page, { load }]) => [page, lazyPage(load)]),
) as Record<PageKey, LazyPage>

/** The page's module as the client build's manifest names it (its chunk and CSS, docs/ssr.md). */
export const pageSource = (page: PageKey) => MODULES[page].file.replace(/^\.\.\//, 'src/')

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
