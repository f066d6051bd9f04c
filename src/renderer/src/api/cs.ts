/** Customer service: configuration of the chat widget and the leave-a-message form (spec §1, §7). */
import type { ApiResult } from '@shared/api/envelope'
import { PATHS } from '@shared/api/paths'
import type { CsLeaveMessageBody, CsLeaveMessageResult } from '@shared/api/cs'
import type { CustomerServiceConfig } from '@shared/desktop'
import { getConfigKey } from './system'
import { http } from './http'

export const CS_CONFIG_KEYS = { serviceUrl: 'cs.serviceUrl', customerId: 'cs.customerId' } as const

let cached: CustomerServiceConfig | null = null
let pending: Promise<CustomerServiceConfig> | null = null

/** The chat widget's address and our customer id at it (public parameters; cached once loaded). */
export function loadCustomerServiceConfig(): Promise<CustomerServiceConfig> {
  if (cached) return Promise.resolve(cached)
  pending ??= Promise.all([
    getConfigKey(CS_CONFIG_KEYS.serviceUrl, { errors: 'caller' }),
    getConfigKey(CS_CONFIG_KEYS.customerId, { errors: 'caller' }),
  ])
    .then(([serviceUrl, customerId]) => (cached = { serviceUrl, customerId }))
    .finally(() => {
      pending = null
    })
  return pending
}

/** The configuration if it is loaded already (a popup must open inside the click, without waiting). */
export function cachedCustomerServiceConfig(): CustomerServiceConfig | null {
  return cached
}

/** tests */
export function forgetCustomerServiceConfig(): void {
  cached = null
  pending = null
}

export async function leaveMessage(body: CsLeaveMessageBody): Promise<CsLeaveMessageResult> {
  const res = await http.post<ApiResult<CsLeaveMessageResult>>(PATHS.csLeaveMessage, body, {
    errors: 'caller',
  })
  return res.data as CsLeaveMessageResult
}
