/**
 * The wallet, the ledger, the payment password, top-ups and withdrawals: query keys (root 'funds'),
 * query options and mutations. Passwords are RSA-encrypted here, on their way out. Money is integer fen.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  FUNDS,
  type CreateTopupBody,
  type CreateWithdrawBody,
  type DecideWithdrawBody,
  type LedgerQuery,
  type TopupRefundBody,
  type WithdrawListQuery,
} from '@shared/api/funds'
import type { QueryOf } from '@shared/api/contract'
import { FUNDS_STAFF } from '@shared/api/funds'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { encryptPasswords } from './encrypt'

const caller = { errors: 'caller' } as const

export const fundsKeys = {
  all: ['funds'] as const,
  wallet: ['funds', 'wallet'] as const,
  ledger: (query: LedgerQuery) => ['funds', 'ledger', query] as const,
  topup: (topupNo: string) => ['funds', 'topup', topupNo] as const,
  withdrawals: (query: WithdrawListQuery) => ['funds', 'withdrawals', query] as const,
  withdrawInfo: ['funds', 'withdrawInfo'] as const,
}

/** My wallet (errors: 'caller' — pages show the failure in place). */
export const walletQuery = () =>
  queryOptions({ queryKey: fundsKeys.wallet, queryFn: () => call(FUNDS.wallet, {}, caller) })

export const ledgerQuery = (query: LedgerQuery) =>
  queryOptions({
    queryKey: fundsKeys.ledger(query),
    queryFn: () => call(FUNDS.ledger, { query }, caller),
    placeholderData: keepPreviousData,
  })

/** My ledger (with the page's filters) as a CSV on the server; download it with its fileName. */
export async function exportLedger(query: LedgerQuery) {
  const result = await call(FUNDS.ledgerExport, { body: query })
  if (!result?.fileName) throw new Error('导出失败：服务器未返回文件')
  return result
}

/** The channels top-ups go through on this install (the configured providers, or their simulators in demo installs). */
export const topupChannelsQuery = () =>
  queryOptions({
    queryKey: [...fundsKeys.all, 'topupChannels'] as const,
    queryFn: () => call(FUNDS.topupChannels, {}),
    staleTime: 5 * 60_000,
  })

/** A top-up, asked again while its gateway notification has not arrived (see TopupResult). */
export const topupQuery = (topupNo: string) =>
  queryOptions({
    queryKey: fundsKeys.topup(topupNo),
    queryFn: () => call(FUNDS.topupDetail, { params: { topupNo } }, caller),
  })

/** My withdrawals; staff (all: true) every user's. */
export const withdrawalsQuery = (query: WithdrawListQuery) =>
  queryOptions({
    queryKey: fundsKeys.withdrawals(query),
    queryFn: () => call(FUNDS.withdrawList, { query }, caller),
    placeholderData: keepPreviousData,
  })

/**
 * The withdrawal form's figures: what may go to an account, the held top-ups and when each may go
 * back to its channel, the fee and arrival inputs, the masked real name (docs/trading-rules.md).
 */
export const withdrawInfoQuery = () =>
  queryOptions({
    queryKey: fundsKeys.withdrawInfo,
    queryFn: () => call(FUNDS.withdrawInfo, {}, caller),
  })

/** Sets or changes the payment password (both passwords plain here); the form shows a refusal. */
export const useSetPayPassword = () =>
  useChangeMutation(
    async ({ payPassword, loginPassword }: { payPassword: string; loginPassword: string }) => {
      const [pay, login] = await encryptPasswords(payPassword, loginPassword)
      await call(FUNDS.payPassword, { body: { payPassword: pay!, loginPassword: login! } }, caller)
    },
    { keys: [fundsKeys.wallet], errors: 'caller' },
  )

/** Creates a top-up at the gateway: its page (payUrl) is where the user pays. */
export const useCreateTopup = () =>
  useChangeMutation((body: CreateTopupBody) => call(FUNDS.topupCreate, { body }, caller), {
    errors: 'caller',
  })

/** A withdrawal request (the payment password plain here, encrypted on its way); refusals in place. */
export const useCreateWithdrawal = () =>
  useChangeMutation(
    async (body: CreateWithdrawBody) => {
      const [payPassword] = await encryptPasswords(body.payPassword)
      return call(FUNDS.withdrawCreate, { body: { ...body, payPassword: payPassword! } }, caller)
    },
    { keys: [fundsKeys.all], errors: 'caller' },
  )

/** Unspent top-up money back to its channel (the payment password plain here); refusals in place. */
export const useRefundTopups = () =>
  useChangeMutation(
    async (body: TopupRefundBody) => {
      const [payPassword] = await encryptPasswords(body.payPassword)
      return call(FUNDS.topupRefund, { body: { ...body, payPassword: payPassword! } }, caller)
    },
    { keys: [fundsKeys.all], errors: 'caller' },
  )

/**
 * Staff approve or reject a withdrawal. `errors`: 'caller' when a dialog shows the refusal itself
 * (rejecting, with its reason), else a toast of the request layer.
 */
export const useDecideWithdrawal = (errors: 'global' | 'caller' = 'global') =>
  useChangeMutation((body: DecideWithdrawBody) => call(FUNDS_STAFF.withdrawDecide, { body }, { errors }), {
    keys: [fundsKeys.all],
    errors,
  })

// ------------------------------------------------------------------ staff: 提现审核 (docs/console.md)

export type StaffWithdrawQuery = QueryOf<typeof FUNDS_STAFF.withdrawList>

export const fundsStaffKeys = {
  all: ['staff', 'withdraw'] as const,
  list: (query: StaffWithdrawQuery) => ['staff', 'withdraw', query] as const,
  ledger: (userId: number) => ['staff', 'withdraw', 'ledger', userId] as const,
}

export const staffWithdrawalsQuery = (query: StaffWithdrawQuery) =>
  queryOptions({
    queryKey: fundsStaffKeys.list(query),
    queryFn: () => call(FUNDS_STAFF.withdrawList, { query }),
    placeholderData: keepPreviousData,
  })

/** a user's wallet for 用户管理's detail */
export const userWalletQuery = (userId: number) =>
  queryOptions({
    queryKey: ['staff', 'user', 'wallet', userId] as const,
    queryFn: () => call(FUNDS_STAFF.userWallet, { params: { userId } }),
  })

export const userLedgerQuery = (userId: number) =>
  queryOptions({
    queryKey: fundsStaffKeys.ledger(userId),
    queryFn: () => call(FUNDS_STAFF.userLedger, { params: { userId }, query: { pageNum: 1, pageSize: 10 } }),
  })

const useWithdrawStaffMutation = <T, R>(fn: (input: T) => Promise<R>) =>
  useChangeMutation(fn, [fundsStaffKeys.all], '操作成功')

export const useApproveWithdrawal = () =>
  useWithdrawStaffMutation((withdrawNo: string) => call(FUNDS_STAFF.approve, { body: { withdrawNo } }))
export const useRejectWithdrawal = () =>
  useWithdrawStaffMutation((body: { withdrawNo: string; reason: string }) =>
    call(FUNDS_STAFF.reject, { body }),
  )
export const exportWithdrawals = (status?: StaffWithdrawQuery['status']) =>
  call(FUNDS_STAFF.export, { body: status ? { status } : {} })
