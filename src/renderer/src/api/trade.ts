/**
 * Orders, receiving roles and price records: query keys (root 'trade'), query options and mutations.
 * Orders change money and bids too, so order mutations refresh 'trade', 'funds' and 'bid'. Payment
 * passwords are RSA-encrypted here, on their way out. Money is integer fen.
 */
import { keepPreviousData, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  ORDER,
  PRICE_RECORD,
  ROLE,
  type CreateOrderBody,
  type OrderListQuery,
  type PriceRecordQuery,
  type SaveRoleBody,
} from '@shared/api/trade'
import {
  ORDER_STAFF,
  type AddOrderNoteBody,
  type PayOrderChannelBody,
  type StaffOrderQuery,
} from '@shared/api/trade'
import { call } from './client'
import { useChangeMutation } from './mutation'
import { encryptPasswords } from './encrypt'

const caller = { errors: 'caller' } as const

/** Query keys of orders, roles and price records: `tradeKeys.all` covers them. */
export const tradeKeys = {
  all: ['trade'] as const,
  order: (orderNo: string) => ['trade', 'order', orderNo] as const,
  lists: ['trade', 'list'] as const,
  list: (side: 'buyer' | 'seller', query: OrderListQuery) => ['trade', 'list', side, query] as const,
  deliveryForm: (orderNo: string) => ['trade', 'delivery-form', orderNo] as const,
  credentials: (orderNo: string) => ['trade', 'credentials', orderNo] as const,
  roles: ['trade', 'roles'] as const,
  records: (query: PriceRecordQuery) => ['trade', 'records', query] as const,
}

/** After an order changes: orders, the wallet (escrow, balance) and bids (an accepted one). */
export function refreshAfterOrderChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['funds'] }),
    queryClient.invalidateQueries({ queryKey: ['bid'] }),
  ])
}

/** One order (errors: 'caller' — the page shows why it cannot in place). */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: tradeKeys.order(orderNo),
    queryFn: () => call(ORDER.detail, { params: { orderNo } }, caller),
  })

/** The orders I bought or sold; the previous page stays meanwhile (errors shown in place). */
export const orderListQuery = (side: 'buyer' | 'seller', query: OrderListQuery) =>
  queryOptions({
    queryKey: tradeKeys.list(side, query),
    queryFn: () => call(side === 'buyer' ? ORDER.buyList : ORDER.sellList, { query }, caller),
    placeholderData: keepPreviousData,
  })

/** The seller's transfer form of an order: the game's fields with defaults. */
export const deliveryFormQuery = (orderNo: string) =>
  queryOptions({
    queryKey: tradeKeys.deliveryForm(orderNo),
    queryFn: () => call(ORDER.deliveryForm, { params: { orderNo } }, caller),
  })

/** What was delivered, for the buyer (every view is logged by the server). */
export const credentialsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: tradeKeys.credentials(orderNo),
    queryFn: () => call(ORDER.credentials, { params: { orderNo } }, caller),
  })

/** My receiving roles (all games; pages pick a game's). */
export const rolesQuery = () =>
  queryOptions({ queryKey: tradeKeys.roles, queryFn: () => call(ROLE.list, {}, caller) })

/** Public: a game's deal prices and deals; the previous view stays while the next loads. */
export const priceRecordsQuery = (query: PriceRecordQuery) =>
  queryOptions({
    queryKey: tradeKeys.records(query),
    queryFn: () => call(PRICE_RECORD.prices, { query }, caller),
    placeholderData: keepPreviousData,
  })

/** A new unpaid order (the buy page shows a refusal in place). */
export function useCreateOrder() {
  const queryClient = useQueryClient()
  return useChangeMutation((body: CreateOrderBody) => call(ORDER.create, { body }, caller), {
    errors: 'caller',
    onSuccess: () => refreshAfterOrderChange(queryClient),
  })
}

/** Pays from the balance with the payment password (plain here, encrypted on its way); refusals in place. */
export function usePayOrder() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async ({ orderNo, payPassword }: { orderNo: string; payPassword: string }) => {
      const [cipher] = await encryptPasswords(payPassword)
      return call(ORDER.pay, { body: { orderNo, payPassword: cipher! } }, caller)
    },
    {
      errors: 'caller',
      // not awaited: a paid order goes on to its success page at once
      onSettled: () => void refreshAfterOrderChange(queryClient),
    },
  )
}

/**
 * Pays an order through 支付宝 or 微信支付 (docs/payments.md, "Paying an order"): where the buyer pays
 * the channel part; with useBalance the balance pays the rest (the payment password plain here,
 * encrypted on its way). Refusals in place.
 */
export function usePayOrderChannel() {
  return useChangeMutation(
    async (body: Omit<PayOrderChannelBody, 'payPassword'> & { payPassword?: string }) => {
      const payPassword = body.payPassword ? (await encryptPasswords(body.payPassword))[0] : undefined
      return call(ORDER.payChannel, { body: { ...body, ...(payPassword ? { payPassword } : {}) } }, caller)
    },
    { errors: 'caller' },
  )
}

/** Confirms receipt with the payment password (it releases escrow toward the seller); refusals in place. */
export function useConfirmOrder() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    async ({ orderNo, payPassword }: { orderNo: string; payPassword: string }) => {
      const [cipher] = await encryptPasswords(payPassword)
      return call(ORDER.confirm, { body: { orderNo, payPassword: cipher! } }, caller)
    },
    { errors: 'caller', onSuccess: () => refreshAfterOrderChange(queryClient) },
  )
}

/** Cancel or start delivery from an order's buttons (a refusal is a toast of the request layer). */
export function useOrderStep() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    ({ step, orderNo }: { step: 'cancel' | 'startDelivery'; orderNo: string }) =>
      call(step === 'cancel' ? ORDER.cancel : ORDER.startDelivery, { body: { orderNo } }),
    {
      // done once the server took the step: the confirm closes then, the lists follow when refetched
      // (waiting for every order, wallet and bid query kept the confirm open on a busy server)
      onSuccess: () => void refreshAfterOrderChange(queryClient),
    },
  )
}

/** 催发货: reminds the seller; a refusal (too soon) says how long to wait. */
export const useRemindOrder = () =>
  useChangeMutation((orderNo: string) => call(ORDER.remind, { body: { orderNo } }), {
    done: '已提醒卖家尽快发货',
    keys: [tradeKeys.all],
  })

/** The order's cancellation request (null: none). */
export const cancelRequestQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [...tradeKeys.all, 'cancelRequest', orderNo] as const,
    // shown in place (nothing when it cannot be read): no toast on the order page
    queryFn: () => call(ORDER.cancelRequestOf, { params: { orderNo } }, caller),
  })

/** The buyer asks to cancel with a reason. */
export function useRequestCancel() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    (body: { orderNo: string; reason: string }) => call(ORDER.requestCancel, { body }),
    { done: '已申请取消，等待卖家答复', onSuccess: () => void refreshAfterOrderChange(queryClient) },
  )
}

/** The seller agrees (full refund) or refuses with a reason. */
export function useAnswerCancel() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    (body: { orderNo: string; agree: boolean; reason?: string }) => call(ORDER.answerCancel, { body }),
    { onSuccess: () => void refreshAfterOrderChange(queryClient) },
  )
}

/** Hands over (or corrects what was handed over); the transfer page shows a refusal in place. */
export function useDeliver() {
  const queryClient = useQueryClient()
  return useChangeMutation(
    ({
      orderNo,
      fields,
      correcting,
    }: {
      orderNo: string
      fields: Record<string, string>
      correcting: boolean
    }) => call(correcting ? ORDER.correctDelivery : ORDER.deliver, { body: { orderNo, fields } }, caller),
    { errors: 'caller', onSuccess: () => refreshAfterOrderChange(queryClient) },
  )
}

/** My sold orders (with the list's filters) as a CSV on the server; download it with its fileName. */
export async function exportSellOrders(query: OrderListQuery = {}) {
  const result = await call(ORDER.sellExport, { body: query })
  if (!result?.fileName) throw new Error('导出失败：服务器未返回文件')
  return result
}

/** Adds or edits a receiving role (the form shows a refusal in place). */
export const useSaveRole = () =>
  useChangeMutation((body: SaveRoleBody) => call(ROLE.save, { body }, caller), {
    keys: [tradeKeys.roles],
    errors: 'caller',
  })

export const useRemoveRole = () =>
  useChangeMutation((roleId: number) => call(ROLE.remove, { body: { roleId } }), { keys: [tradeKeys.roles] })

// ------------------------------------------------------------------ staff: 订单管理 (docs/console.md)

export const tradeStaffKeys = {
  orders: ['staff', 'orders'] as const,
  orderList: (q: StaffOrderQuery) => ['staff', 'orders', 'list', q] as const,
  order: (orderNo: string) => ['staff', 'orders', 'detail', orderNo] as const,
}

export const staffOrdersQuery = (query: StaffOrderQuery) =>
  queryOptions({
    queryKey: tradeStaffKeys.orderList(query),
    queryFn: () => call(ORDER_STAFF.list, { query }),
    placeholderData: keepPreviousData,
  })

export const staffOrderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: tradeStaffKeys.order(orderNo),
    queryFn: () => call(ORDER_STAFF.detail, { params: { orderNo } }),
  })

export const useAddOrderNote = () =>
  useChangeMutation(
    (body: AddOrderNoteBody) => call(ORDER_STAFF.addNote, { body }),
    [tradeStaffKeys.orders],
    '备注已添加',
  )
