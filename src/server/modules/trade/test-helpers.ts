/** Helpers of the trading and funds server tests: funded users, orders through the API, money checks. */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { OrderStatus, PublishGoodsBody, TransferField } from '../../../shared/api'
import { demoTransferValue } from '../../db/seed/goods'
import { call, encryptPassword, startTestApp, tokenOf, type Json } from '../../test-utils'
import { checkInvariant } from '../funds/invariant'
import { payRepo } from '../pay/repo'
import { NEW_USER_PASSWORD, gameNamed, newUser, type GameFixture } from '../goods/test-helpers'
import { asEarnings } from '../funds/test-helpers'

export { asEarnings }

export const PAY_PASSWORD = '135792'
export type TestUser = Awaited<ReturnType<typeof newUser>>

/**
 * An app on the test's clock `now`, the background trade sweep off: the tests run the time rules. The
 * Alipay and WeChat Pay simulators are mounted on it (a demo install's payments), so `topUp` works.
 */
export const startClockedApp = (now: () => number) =>
  startTestApp({ now, tradeSweepMs: 0, paySimulators: true })

export const post = (app: FastifyInstance, url: string, token: string, body: unknown) =>
  call(app, 'POST', url, { token, body })
export const get = (app: FastifyInstance, url: string, token?: string) => call(app, 'GET', url, { token })

const listening = new WeakMap<FastifyInstance, Promise<unknown>>()
/**
 * The app listening on a free port of 127.0.0.1 (once): the Alipay simulator's notifications reach
 * it over HTTP, and the adapter of a mounted simulator calls this address (pay/providers.ts).
 */
export function listen(app: FastifyInstance): Promise<unknown> {
  let started = listening.get(app)
  if (!started) {
    started = app.server.listening ? Promise.resolve() : app.listen({ port: 0, host: '127.0.0.1' })
    listening.set(app, started)
  }
  return started
}

/**
 * The buyer's 确认付款 on the Alipay simulator's cashier of `payUrl` (its test hook `/_sim/pay`, which
 * opens the cashier page first as a browser would): wherever that simulator runs, mounted on the app
 * (`paySimulators`) or alone (pay/test-helpers.ts).
 */
export async function payAtAlipay(payUrl: string): Promise<void> {
  const base = payUrl.slice(0, payUrl.indexOf('/gateway.do'))
  const res = await fetch(`${base}/_sim/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: payUrl }),
  })
  expect(res.status).toBe(200)
}

/**
 * A top-up through 支付宝 (docs/payments.md): the real Alipay adapter against the simulator — the
 * app's mounted one (startClockedApp, `paySimulators: true`) or its configured provider — paid at
 * the simulator's cashier; its notification credits the wallet. Answers once the top-up is PAID.
 */
export async function topUp(app: FastifyInstance, token: string, amount: number): Promise<string> {
  await listen(app)
  const res = await post(app, '/api/funds/topup/create', token, { amount, channel: 'alipay' })
  if (res.code !== 200)
    throw new Error(
      `top-up refused (${res.msg}): start the app with paySimulators: true or an Alipay provider`,
    )
  const topupNo = res.data.topupNo as string
  await payAtAlipay(res.data.payUrl as string)
  // the notification arrives over HTTP a moment later (the simulator sends it at once)
  for (let i = 0; i < 400; i++) {
    const detail = await get(app, `/api/funds/topup/detail/${topupNo}`, token)
    if (detail.data?.status === 'PAID') return topupNo
    await new Promise((resolve) => setTimeout(resolve, Math.min(10 + i, 50)))
  }
  throw new Error(`top-up ${topupNo} was never credited`)
}

/**
 * A top-up credited the way a verified provider notification credits it, without the provider: the
 * top-up and its pay attempt are created through the API as for `topUp`, then, in one transaction,
 * the attempt is settled PAID and the funds service credits the wallet (the TOPUP ledger row) — what
 * the pay centre's `payment.paid` does (pay/service.ts, funds/module.ts). No HTTP, no signatures, no
 * polling: ~10× cheaper than `topUp`. The money invariant holds as after a real one (one PAID attempt
 * per PAID top-up). The simulator never hears of the trade, so a test that later asks the provider
 * about it (a channel refund of this top-up, a reconciliation) uses `topUp`. Answers the top-up's number.
 */
export async function creditTopUp(app: FastifyInstance, token: string, amount: number): Promise<string> {
  // listening, as after `topUp`: a test may go on to pay at the mounted simulator, whose
  // notifications reach the app over HTTP
  await listen(app)
  const res = await post(app, '/api/funds/topup/create', token, { amount, channel: 'alipay' })
  if (res.code !== 200)
    throw new Error(
      `top-up refused (${res.msg}): start the app with paySimulators: true or an Alipay provider`,
    )
  const topupNo = res.data.topupNo as string
  const attempt = await app.db
    .selectFrom('pay_attempts')
    .selectAll()
    .where('biz_type', '=', 'TOPUP')
    .where('biz_no', '=', topupNo)
    .executeTakeFirstOrThrow()
  // the attempt's own clock: a test app's `now` may run ahead of the real time
  const at = Number(attempt.created_at)
  await app.db.transaction().execute(async (trx) => {
    const tradeNo = `sim${attempt.attempt_no}`
    if (!(await payRepo(trx).settle(attempt.attempt_no, { status: 'PAID', tradeNo, paidAt: at }, at)))
      throw new Error(`attempt ${attempt.attempt_no} is not waiting`)
    await app.services.funds.creditPaidTopup(trx, {
      attemptNo: attempt.attempt_no,
      channel: attempt.channel,
      bizNo: topupNo,
      userId: attempt.user_id,
      amount: Number(attempt.amount),
      at,
    })
  })
  return topupNo
}

export async function setPayPassword(
  app: FastifyInstance,
  token: string,
  payPassword = PAY_PASSWORD,
  loginPassword = NEW_USER_PASSWORD,
): Promise<Json> {
  return post(app, '/api/funds/payPassword', token, {
    payPassword: await encryptPassword(app, payPassword),
    loginPassword: await encryptPassword(app, loginPassword),
  })
}

/**
 * A new user with `amount` fen in the wallet (a top-up credited as a provider's notification credits
 * it: `creditTopUp`, then counted as earnings: `asEarnings`; the round trip through the simulator has
 * tests of its own) and the payment password PAY_PASSWORD.
 */
export async function funded(app: FastifyInstance, prefix: string, amount: number): Promise<TestUser> {
  const u = await newUser(app, prefix)
  if (amount > 0) await creditTopUp(app, u.token, amount)
  await asEarnings(app, u.userId)
  expect((await setPayPassword(app, u.token)).code).toBe(200)
  return u
}

/** A fresh session (tokens live 3 days; tests that move the clock further log in again). */
export async function relogin(app: FastifyInstance, user: TestUser): Promise<TestUser> {
  user.token = await tokenOf(app, user.username, NEW_USER_PASSWORD)
  return user
}

export const wallet = async (app: FastifyInstance, token: string) =>
  (await get(app, '/api/funds/wallet', token)).data

export async function createOrder(
  app: FastifyInstance,
  token: string,
  goodsId: number,
  extra: { quantity?: number; roleId?: number } = {},
): Promise<string> {
  const res = await post(app, '/api/trade/order/create', token, { goodsId, quantity: 1, ...extra })
  expect(res).toMatchObject({ code: 200, data: { status: 'UNPAID' } })
  return res.data.orderNo as string
}

export async function payOrder(app: FastifyInstance, token: string, orderNo: string, pw = PAY_PASSWORD) {
  return post(app, '/api/trade/order/pay', token, { orderNo, payPassword: await encryptPassword(app, pw) })
}

/** The buyer confirms receipt (it asks for the payment password). */
export async function confirmOrder(app: FastifyInstance, token: string, orderNo: string, pw = PAY_PASSWORD) {
  return post(app, '/api/trade/order/confirm', token, {
    orderNo,
    payPassword: await encryptPassword(app, pw),
  })
}

/** Creates and pays an order: its number. */
export async function paidOrder(
  app: FastifyInstance,
  token: string,
  goodsId: number,
  extra: { quantity?: number; roleId?: number } = {},
): Promise<string> {
  const orderNo = await createOrder(app, token, goodsId, extra)
  expect(await payOrder(app, token, orderNo)).toMatchObject({ code: 200, data: { status: 'PAID' } })
  return orderNo
}

/** The seller starts delivery and submits the transfer form (filled with plausible values). */
export async function deliverOrder(app: FastifyInstance, sellerToken: string, orderNo: string) {
  expect((await post(app, '/api/trade/order/startDelivery', sellerToken, { orderNo })).code).toBe(200)
  const form = await get(app, `/api/trade/order/deliveryForm/${orderNo}`, sellerToken)
  const fields: Record<string, string> = {}
  for (const f of form.data.fields as TransferField[]) if (f.required) fields[f.key] = demoTransferValue(f, 0)
  const res = await post(app, '/api/trade/order/deliver', sellerToken, { orderNo, fields })
  expect(res).toMatchObject({ code: 200, data: { status: 'TO_CONFIRM' } })
}

/** The listing's stock and status as stored. */
export async function goodsRow(app: FastifyInstance, goodsId: number) {
  return app.db
    .selectFrom('goods')
    .select(['stock', 'status'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow()
}

/** The order row as stored (sessions expire as tests move the clock by days). */
export async function orderRow(app: FastifyInstance, orderNo: string) {
  return app.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow()
}
export const statusOf = async (app: FastifyInstance, orderNo: string): Promise<OrderStatus> =>
  (await orderRow(app, orderNo)).status

export async function ledgerOf(app: FastifyInstance, userId: number) {
  return app.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

export async function invariantOk(app: FastifyInstance) {
  const inv = await checkInvariant(app.db)
  expect(inv).toMatchObject({ ok: true })
  return inv
}

/** A coin listing of 梦幻西游 (protection period 14 days) on its first server. */
export async function dreamCoin(
  app: FastifyInstance,
  overrides: Partial<PublishGoodsBody> = {},
): Promise<{ fx: GameFixture; body: PublishGoodsBody }> {
  const fx = await gameNamed(app, '梦幻西游')
  const area = fx.areas[0]
  return {
    fx,
    body: {
      gameId: fx.game.gameId,
      goodsType: 'COIN',
      areaId: area.serverId,
      serverId: area.children[0].serverId,
      title: '梦幻西游 游戏币 1000万 秒发',
      description: '游戏内交易发货。',
      price: 5_000,
      stock: 100,
      attributes: { 数量: 1000 },
      imageIds: [],
      ...overrides,
    },
  }
}

/** A receiving role of the game for the user: its id. */
export async function addRole(
  app: FastifyInstance,
  token: string,
  fx: GameFixture,
  extra: { isDefault?: boolean; roleName?: string } = {},
): Promise<number> {
  const res = await post(app, '/api/trade/role/save', token, {
    gameId: fx.game.gameId,
    serverId: fx.areas[0].children[0].serverId,
    roleName: extra.roleName ?? '逍遥生',
    gameRoleId: '10086',
    ...(extra.isDefault === undefined ? {} : { isDefault: extra.isDefault }),
  })
  expect(res.code).toBe(200)
  return res.data.roleId as number
}
