/**
 * Payment gateways: what a real provider (Alipay, WeChat Pay) adapter implements, and the built-in
 * sandbox gateway. A gateway turns a top-up into somewhere the user pays (payUrl / QR code) and
 * verifies the provider's signed asynchronous notification; applying it (exactly once) is the funds
 * service's job.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { loadOrCreateSecret } from '../../keys'
import { API_BASE } from '../../../shared/constants'
import { TRADE_PATHS, type PayChannel } from '../../../shared/api'

export interface GatewayTopup {
  topupNo: string
  amount: number
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

export const loadOrCreateSandboxSecret = (dataDir: string): Buffer => loadOrCreateSecret(dataDir, KEY_FILE)

/** The signed string: the fields sorted by name, `k=v` joined with `&` (Alipay style). */
export function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')
}

export function sandboxGateway(secret: Buffer): PaymentGateway & {
  sign(n: VerifiedNotification): string
} {
  const sign = (n: VerifiedNotification) =>
    createHmac('sha256', secret)
      .update(canonical({ topupNo: n.topupNo, status: n.status, amount: n.amount }))
      .digest('hex')
  return {
    channel: 'sandbox',
    sign,
    createPayment(topup) {
      return {
        payUrl: `${API_BASE}${TRADE_PATHS.sandboxCheckout}?topupNo=${encodeURIComponent(topup.topupNo)}`,
        qrCode: null,
      }
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
