/**
 * Customer-service verification (docs/platform-pages.md): the public check and the staff contact list.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  CS_VERIFY,
  CS_VERIFY_STAFF,
  type CsContactAddBody,
  type CsContactEditBody,
  type CsContactListQuery,
  type CsVerifyQuery,
} from '@shared/api/cs-verify'
import { call } from './client'
import { useChangeMutation } from './mutation'

export const csVerifyKeys = {
  all: ['csVerify'] as const,
  contacts: (query: CsContactListQuery) => ['csVerify', 'contacts', query] as const,
  unknownTop: (days: number) => ['csVerify', 'unknownTop', days] as const,
}

/** One look-up (the page shows a refusal such as 请求过于频繁 itself). */
export const useVerifyContact = () =>
  useChangeMutation((query: CsVerifyQuery) => call(CS_VERIFY.verify, { query }, { errors: 'caller' }), {
    errors: 'caller',
  })

export const csContactsQuery = (query: CsContactListQuery) =>
  queryOptions({
    queryKey: csVerifyKeys.contacts(query),
    queryFn: () => call(CS_VERIFY_STAFF.contactList, { query }),
    placeholderData: keepPreviousData,
  })

export const csUnknownTopQuery = (days: number) =>
  queryOptions({
    queryKey: csVerifyKeys.unknownTop(days),
    queryFn: () => call(CS_VERIFY_STAFF.unknownTop, { query: { days, limit: 20 } }),
  })

const useContactMutation = <T>(fn: (input: T) => Promise<unknown>) =>
  useChangeMutation(fn, { keys: [csVerifyKeys.all] })

export const useAddCsContact = () =>
  useContactMutation((body: CsContactAddBody) => call(CS_VERIFY_STAFF.contactAdd, { body }))
export const useEditCsContact = () =>
  useContactMutation((body: CsContactEditBody) => call(CS_VERIFY_STAFF.contactEdit, { body }))
export const useRetireCsContact = () =>
  useContactMutation((contactId: number) => call(CS_VERIFY_STAFF.contactRetire, { body: { contactId } }))
