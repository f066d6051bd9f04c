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
import { pageLoaders } from '@renderer/app/pages'

export type ConsolePage = LazyExoticComponent<ComponentType>

/** The console's page files, not loaded: each is a chunk of its own. */
const FILES = import.meta.glob<{ default: ComponentType }>('./pages/*/index.tsx')

/** A console record's file: `pages/<component>/index.tsx`. */
export const consoleCandidates = (component: string) => [`./pages/${component}/index.tsx`]

const MODULES = pageLoaders(
  CONSOLE_PAGE_RECORDS.map((record) => record.component),
  FILES,
  consoleCandidates,
)

export const CONSOLE_PAGES = Object.fromEntries(
  Object.entries(MODULES).map(([component, { load }]) => [component, lazy(load)]),
) as Record<ConsolePageComponent, ConsolePage>

export function consolePage(component: string | undefined): ConsolePage | undefined {
  return component && Object.hasOwn(CONSOLE_PAGES, component)
    ? CONSOLE_PAGES[component as ConsolePageComponent]
    : undefined
}
