/**
 * The console's pages (docs/console.md): a menu row's `component` → its page, loaded lazily, so the
 * console's code (and its chart library) is a chunk of its own that buyers never download. The
 * pages are the records of src/shared/pages/console.ts; each one's file is found by
 * `import.meta.glob` as `pages/<component>/index.tsx`. A record without its file throws when this
 * module loads (registry.test.ts checks every record); a component name no record has renders the
 * 建设中 page with the menu item's title.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { CONSOLE_PAGE_RECORDS, type ConsolePageComponent } from '@shared/pages/console'

export type ConsolePage = LazyExoticComponent<ComponentType>
type PageModule = { default: ComponentType }
export type PageFiles = Record<string, () => Promise<PageModule>>

/** The page files, not loaded: each is a chunk of its own. */
const FILES: PageFiles = import.meta.glob<PageModule>('./pages/*/index.tsx')

export const pageFile = (component: string) => `./pages/${component}/index.tsx`

/** Each component's loader among `files`; throws for a component without its file. */
export function consoleLoaders<C extends string>(
  components: readonly C[],
  files: PageFiles,
): Record<C, () => Promise<PageModule>> {
  const missing = components.filter((component) => !files[pageFile(component)])
  if (missing.length)
    throw new Error(`console pages without their file (features/admin/pages/<name>/index.tsx): ${missing}`)
  return Object.fromEntries(components.map((component) => [component, files[pageFile(component)]])) as Record<
    C,
    () => Promise<PageModule>
  >
}

const LOADERS = consoleLoaders(
  CONSOLE_PAGE_RECORDS.map((record) => record.component),
  FILES,
)

export const CONSOLE_PAGES = Object.fromEntries(
  Object.entries(LOADERS).map(([component, load]) => [component, lazy(load as () => Promise<PageModule>)]),
) as Record<ConsolePageComponent, ConsolePage>

export function consolePage(component: string | undefined): ConsolePage | undefined {
  return component && Object.hasOwn(CONSOLE_PAGES, component)
    ? CONSOLE_PAGES[component as ConsolePageComponent]
    : undefined
}
