/**
 * The desktop shell played in the test (e2e/web/desktop-mode.spec.ts, customer-service.spec.ts): a
 * fake `window.desktop` installed before any script of the page, whose "main process" lives in the
 * test (exposeFunction) — it records every bridge call and keeps the token.
 */
import type { Page } from '@playwright/test'
import { E2E_API_ORIGIN } from '../../playwright.config'

export interface FakeMain {
  calls: Array<{ method: string; args: unknown[] }>
  token: string | null
  settings: Record<string, unknown>
  called(method: string): unknown[][]
}

/** Install the fake shell before any script of the page runs. */
export async function installFakeDesktop(page: Page, initialToken: string | null = null): Promise<FakeMain> {
  const main: FakeMain = {
    calls: [],
    token: initialToken,
    settings: {
      apiOrigin: E2E_API_ORIGIN,
      apiOriginFromEnvironment: false,
      notifications: { message: true, order: true, paid: true, bid: true, warrant: true },
      downloadDir: '/home/seller/下载',
      askWhereToSave: false,
      startMinimized: false,
    },
    called(method) {
      return this.calls.filter((c) => c.method === method).map((c) => c.args)
    },
  }
  const answers: Record<string, (...args: unknown[]) => unknown> = {
    configGetApiOrigin: () => E2E_API_ORIGIN,
    appGetVersion: () => '0.1.0',
    tokenGet: () => main.token,
    tokenSet: (token) => void (main.token = token as string),
    tokenClear: () => void (main.token = null),
    shellOpenExternal: () => true,
    badgeSet: () => undefined,
    notifyShow: () => true,
    downloadStart: () => true,
    csOpen: () => 'opened',
    settingsGet: () => main.settings,
    settingsSet: (patch) => {
      Object.assign(main.settings, patch as object)
      return { settings: main.settings, restartRequired: false }
    },
    settingsChooseDownloadDir: () => '/home/seller/导出',
    appRelaunch: () => undefined,
    navTakePending: () => null,
    workbenchOpenMain: () => true,
    workbenchSetCounts: () => undefined,
  }
  await page.exposeFunction('__desktopInvoke', (method: string, args: unknown[]) => {
    main.calls.push({ method, args })
    const answer = answers[method]
    if (!answer) throw new Error(`no such bridge method: ${method}`)
    return answer(...args) ?? null
  })
  await page.addInitScript((methods: string[]) => {
    const w = globalThis as unknown as Record<string, unknown> & {
      __desktopInvoke(method: string, args: unknown[]): Promise<unknown>
    }
    const listeners: Record<string, Array<(payload: unknown) => void>> = {}
    const bridge: Record<string, unknown> = { platform: 'desktop' }
    for (const method of methods) bridge[method] = (...args: unknown[]) => w.__desktopInvoke(method, args)
    bridge['on'] = (channel: string, listener: (payload: unknown) => void) => {
      ;(listeners[channel] ??= []).push(listener)
      return () => {
        listeners[channel] = (listeners[channel] ?? []).filter((l) => l !== listener)
      }
    }
    w['desktop'] = Object.freeze(bridge)
    // the test plays main → renderer events through this
    w['__desktopEmit'] = (channel: string, payload: unknown) =>
      (listeners[channel] ?? []).forEach((listener) => listener(payload))
  }, Object.keys(answers))
  return main
}
