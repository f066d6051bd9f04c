/** Funds (issue 4): wallet, ledger, payment password, top-ups, withdrawals. Money is integer fen. */
import type { ApiResult, TableResult } from '@shared/api/envelope'
import type { ExportResult } from '@shared/api/live'
import {
  TRADE_PATHS,
  type CreateTopupBody,
  type CreateWithdrawBody,
  type DecideWithdrawBody,
  type LedgerEntry,
  type LedgerQuery,
  type SetPayPasswordBody,
  type Topup,
  type TopupResult,
  type Wallet,
  type Withdrawal,
} from '@shared/api/trade'
import type { PageQuery } from '@shared/api/envelope'
import { fillPath } from '@shared/api/paths'
import { http } from './http'
import { pageOf, type Page } from './goods'

const caller = { errors: 'caller' } as const

function dataOf<T>(res: ApiResult<T>): T {
  if (res.data === undefined || res.data === null) throw new Error('服务器未返回数据')
  return res.data
}

export async function getWallet(): Promise<Wallet> {
  return dataOf(await http.get<ApiResult<Wallet>>(TRADE_PATHS.wallet, undefined, caller))
}
export async function listLedger(query: LedgerQuery): Promise<Page<LedgerEntry>> {
  return pageOf(await http.get<TableResult<LedgerEntry>>(TRADE_PATHS.ledger, query, caller))
}
/** both passwords already RSA-encrypted */
/** my ledger (with the page's filters) as a CSV on the server (download it with its fileName) */
export async function exportLedger(query: LedgerQuery): Promise<ExportResult> {
  return dataOf(await http.post<ApiResult<ExportResult>>(TRADE_PATHS.ledgerExport, query))
}
export async function setPayPassword(body: SetPayPasswordBody): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.payPassword, body, caller)
}
export async function createTopup(body: CreateTopupBody): Promise<TopupResult> {
  return dataOf(await http.post<ApiResult<TopupResult>>(TRADE_PATHS.topupCreate, body, caller))
}
export async function getTopup(topupNo: string): Promise<Topup> {
  return dataOf(
    await http.get<ApiResult<Topup>>(fillPath(TRADE_PATHS.topupDetail, { topupNo }), undefined, caller),
  )
}
export async function createWithdraw(body: CreateWithdrawBody): Promise<Withdrawal | undefined> {
  return (await http.post<ApiResult<Withdrawal>>(TRADE_PATHS.withdrawCreate, body, caller)).data
}
export async function listWithdrawals(
  /** all: staff, every user's requests */
  query: PageQuery & { status?: Withdrawal['status']; all?: boolean },
): Promise<Page<Withdrawal>> {
  return pageOf(await http.get<TableResult<Withdrawal>>(TRADE_PATHS.withdrawList, query, caller))
}
export async function decideWithdraw(body: DecideWithdrawBody): Promise<void> {
  await http.post<ApiResult>(TRADE_PATHS.withdrawDecide, body, caller)
}
