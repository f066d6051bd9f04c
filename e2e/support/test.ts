/**
 * The `test` and `expect` every web spec imports (instead of @playwright/test's own).
 *
 * Playwright closes the `context`/`page` fixtures after each test, but not the contexts a test opens
 * itself (loginAs, loginThroughForm, browser.newContext): those stayed open for the rest of the run,
 * one browser per worker, each page still polling, streaming live events and animating. By the end of
 * the suite some forty such pages were running in the background, and Chromium is most of the suite's
 * CPU. Here every context a test opened is closed when it ends (after a failure's screenshot is taken).
 */
import { test as base } from '@playwright/test'

export { expect } from '@playwright/test'
export type { Browser, BrowserContext, Page } from '@playwright/test'

export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts())
      await use()
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      )
    },
    { auto: true },
  ],
})
