/**
 * Opening customer service: the chat widget of an external service, loaded with our customer id
 * and the visitor's name and info, opening a conversation with the logged-in user's code. The desktop shell shows it in its own locked-down window, the web in a popup
 * (platform.openCustomerService); both reuse the open one. The address comes from the server's
 * configuration (cs.serviceUrl, cs.customerId).
 */
import type { QueryClient } from '@tanstack/react-query'
import { customerServiceUrl, type CustomerServiceOpenResult } from '@shared/desktop'
import { cachedCustomerServiceConfig, loadCustomerServiceConfig } from '@renderer/api/cs'
import { platform } from '@renderer/platform'
import { isWithinServiceHours } from '@renderer/utils/service-hours'

export type CustomerServiceDecision = 'login-required' | 'closed' | 'open'

/** Logged out: 请先登录！ and nothing else; outside 10:00-22:30 China time: closed; else open. */
export function customerServiceDecision(loggedIn: boolean, now: Date = new Date()): CustomerServiceDecision {
  if (!loggedIn) return 'login-required'
  return isWithinServiceHours(now) ? 'open' : 'closed'
}

export interface OpenCustomerServiceInput {
  /** the logged-in user's public code (the chat is opened with it) */
  userCode?: string
  /** the visitor's name shown to the agent */
  name: string
  /** where the chat was opened (path of the page) */
  page: string
}

export type OpenCustomerServiceResult = CustomerServiceOpenResult | 'unavailable'

function visitorInfo(page: string): string {
  return `${platform.kind === 'desktop' ? '桌面客户端' : '网页'} · 来自页面 ${page}`
}

/**
 * Opens the chat. With the configuration cached, the popup opens within the click (browsers block
 * popups opened after a wait); otherwise it is loaded first.
 */
export async function openCustomerService(
  input: OpenCustomerServiceInput,
  queryClient: QueryClient,
): Promise<OpenCustomerServiceResult> {
  if (!input.userCode) return 'unavailable'
  let config = cachedCustomerServiceConfig(queryClient)
  if (!config) {
    try {
      config = await loadCustomerServiceConfig(queryClient)
    } catch {
      return 'unavailable'
    }
  }
  const url = customerServiceUrl(config, {
    userCode: input.userCode,
    name: input.name,
    info: visitorInfo(input.page),
  })
  if (!url) return 'unavailable'
  try {
    return await platform.openCustomerService({ url, conversationId: input.userCode })
  } catch (error) {
    console.warn('[customer-service] could not open', error)
    return 'unavailable'
  }
}
