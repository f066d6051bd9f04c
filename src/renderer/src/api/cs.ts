/**
 * Customer service: the chat widget's configuration (public parameters) and the leave-a-message form.
 */
import type { QueryClient } from '@tanstack/react-query'
import { CS, type CsLeaveMessageBody } from '@shared/api/cs'
import { PUBLIC_CONFIG_KEYS } from '@shared/api/system'
import type { CustomerServiceConfig } from '@shared/desktop'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { configQuery } from './system'

const serviceUrlQuery = () => configQuery(PUBLIC_CONFIG_KEYS.csServiceUrl)
const customerIdQuery = () => configQuery(PUBLIC_CONFIG_KEYS.csCustomerId)

/** Both parameters of the chat widget (a component that may open the chat asks for them early). */
export const customerServiceConfigQueries = () => [serviceUrlQuery(), customerIdQuery()] as const

/** The configuration if it is loaded already (a popup must open inside the click, without waiting). */
export function cachedCustomerServiceConfig(queryClient: QueryClient): CustomerServiceConfig | null {
  const serviceUrl = queryClient.getQueryData(serviceUrlQuery().queryKey)
  const customerId = queryClient.getQueryData(customerIdQuery().queryKey)
  return serviceUrl === undefined || customerId === undefined ? null : { serviceUrl, customerId }
}

/** The chat widget's address and our customer id at it (kept once loaded). */
export async function loadCustomerServiceConfig(queryClient: QueryClient): Promise<CustomerServiceConfig> {
  const [serviceUrl, customerId] = await Promise.all([
    queryClient.fetchQuery(serviceUrlQuery()),
    queryClient.fetchQuery(customerIdQuery()),
  ])
  return { serviceUrl, customerId }
}

/** Leave a message (the form shows a refusal itself). */
export const useLeaveMessage = () =>
  useChangeMutation((body: CsLeaveMessageBody) => call(CS.leaveMessage, { body }, { errors: 'caller' }), {
    errors: 'caller',
  })
