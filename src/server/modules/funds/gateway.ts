/**
 * Payment gateways: what a real provider (Alipay, WeChat Pay) adapter implements, and the built-in
 * sandbox gateway. A gateway turns a top-up into somewhere the user pays (payUrl / QR code) and
 * verifies the provider's signed asynchronous notification; applying it (exactly once) is the funds
 * service's job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { loadOrCreateSecret, type Keys } from '../../keys'
import { API_BASE } from '../../../shared/constants'
import { FUNDS, type PayChannel } from '../../../shared/api'

export interface GatewayTopup {
  topupNo: string
  amount: number
  /** the owner: the payment page is bound to them */
  userId: number
}

export interface VerifiedNotification {
  topupNo: string
  status: 'PAID' | 'FAILED'
  amount: number
}

export interface PaymentGateway {
  channel: PayChannel
  createPayment(topup: GatewayTopup): { payUrl: string; qrCode: string | null }
  /** the notification's content, or throws when the signature or the shape is wrong */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): VerifiedNotification
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'
const KEY_FILE = 'sandbox-gateway.key'

/** How long the link to the sandbox's payment page works (longer than an order's 15 minutes to pay). */
export const CHECKOUT_LINK_TTL_MS = 30 * 60_000

/** Whether a payment-page link's capability is good for that top-up and its owner. */
export type CheckoutAccess = 'ok' | 'expired' | 'invalid'

export const loadOrCreateSandboxSecret = (keys: Keys): Buffer => loadOrCreateSecret(keys, KEY_FILE)

/** The signed string: the fields sorted by name, `k=v` joined with `&` (Alipay style). */
export function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')
}

/**
 * The sandbox gateway. Its payment page (and the page's pay / fail action) is bound to the top-up's
 * owner like a real provider's cashier link: the payUrl the owner receives carries a capability —
 * `expires` and `sig`, an HMAC of the sandbox key over the top-up number, the owner's id and the
 * expiry (CHECKOUT_LINK_TTL_MS). The desktop client opens that page in the system browser, which
 * has no session of ours, so the link itself must prove who it was issued to; the web uses the same
 * link. Knowing a top-up number is not enough.
 */
export function sandboxGateway(
  secret: Buffer,
  now: () => number = Date.now,
): PaymentGateway & {
  sign(n: VerifiedNotification): string
  checkoutAccess(topup: { topupNo: string; userId: number }, expires: unknown, sig: unknown): CheckoutAccess
} {
  const hmac = (fields: Record<string, string | number>) =>
    createHmac('sha256', secret).update(canonical(fields)).digest('hex')
  const sign = (n: VerifiedNotification) => hmac({ topupNo: n.topupNo, status: n.status, amount: n.amount })
  // a purpose field keeps these signatures apart from the notifications'
  const checkoutSig = (topupNo: string, userId: number, expires: number) =>
    hmac({ purpose: 'checkout', topupNo, userId, expires })
  const sameHex = (given: string, expected: string) => {
    const a = Buffer.from(given, 'hex')
    const b = Buffer.from(expected, 'hex')
    return given.length === expected.length && a.length === b.length && timingSafeEqual(a, b)
  }
  return {
    channel: 'sandbox',
    sign,
    createPayment(topup) {
      const expires = now() + CHECKOUT_LINK_TTL_MS
      const query = new URLSearchParams({
        topupNo: topup.topupNo,
        expires: String(expires),
        sig: checkoutSig(topup.topupNo, topup.userId, expires),
      })
      return { payUrl: `${API_BASE}${FUNDS.sandboxCheckout.path}?${query}`, qrCode: null }
    },
    checkoutAccess(topup, expires, sig) {
      const at = typeof expires === 'string' && /^\d{1,16}$/.test(expires) ? Number(expires) : expires
      if (typeof at !== 'number' || !Number.isSafeInteger(at) || typeof sig !== 'string') return 'invalid'
      if (!sameHex(sig, checkoutSig(topup.topupNo, topup.userId, at))) return 'invalid'
      return at > now() ? 'ok' : 'expired'
    },
    verifyNotification(headers, body) {
      const b = body as Partial<Record<string, unknown>> | null
      const given = headers[SANDBOX_SIGNATURE_HEADER]
      if (
        !b ||
        typeof b.topupNo !== 'string' ||
        (b.status !== 'PAID' && b.status !== 'FAILED') ||
        typeof b.amount !== 'number' ||
        !Number.isSafeInteger(b.amount) ||
        typeof given !== 'string'
      )
        throw new Error('malformed notification')
      const n: VerifiedNotification = { topupNo: b.topupNo, status: b.status, amount: b.amount }
      const expected = Buffer.from(sign(n), 'hex')
      const actual = Buffer.from(given, 'hex')
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
        throw new Error('bad signature')
      return n
    },
  }
}
