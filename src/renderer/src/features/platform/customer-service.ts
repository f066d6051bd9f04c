/**
 * Opening customer service (spec §1, §5, §7).
 *
 * The real chat widget is an external service that is loaded with the customer's id, name and
 * info and opens a chat with the user's code; the desktop shell will open it in its own window.
 * Neither exists yet. Until then "open customer service" takes the user to the customer-service
 * verification page (/platform/customServiceVerify.html), the one place of the site about
 * contacting genuine staff — this function is the single point a later issue replaces.
 */
import { isWithinServiceHours } from '@renderer/utils/service-hours'

export const CUSTOMER_SERVICE_PATH = '/platform/customServiceVerify.html'

export type CustomerServiceDecision = 'login-required' | 'closed' | 'open'

/** Logged out: 请先登录！ and nothing else; outside 10:00-22:30 China time: closed; else open. */
export function customerServiceDecision(loggedIn: boolean, now: Date = new Date()): CustomerServiceDecision {
  if (!loggedIn) return 'login-required'
  return isWithinServiceHours(now) ? 'open' : 'closed'
}

export interface OpenCustomerServiceInput {
  /** the logged-in user's public code (the chat is opened with it) */
  userCode?: string
  navigate: (to: string) => void
}

export function openCustomerService({ navigate }: OpenCustomerServiceInput): void {
  navigate(CUSTOMER_SERVICE_PATH)
}
