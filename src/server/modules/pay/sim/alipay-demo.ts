/**
 * The demo merchant of the Alipay simulator (docs/payments.md): an app id and an RSA key pair made
 * once and kept in the simulator's directory, so the real adapter signs as a merchant the simulator
 * knows. Demo and test installs only.
 */
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AlipaySimulatorOptions } from './alipay'
import { alipaySimulatorPublicKey } from './alipay'

export const ALIPAY_DEMO_APP_ID = '2021000000000000'

function demoMerchant(dir: string): { publicKey: string; privateKey: string } {
  const file = join(dir, 'merchant.json')
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 })
  return pair
}

/** The adapter's configuration and the simulator's options of the demo merchant (simulator at `gateway`). */
export function alipayDemo(dir: string, gateway: string, simulator: Partial<AlipaySimulatorOptions> = {}) {
  const merchant = demoMerchant(dir)
  return {
    provider: {
      appId: ALIPAY_DEMO_APP_ID,
      privateKey: merchant.privateKey,
      alipayPublicKey: alipaySimulatorPublicKey(dir),
      gateway,
    },
    simulator: { dir, appId: ALIPAY_DEMO_APP_ID, merchantPublicKey: merchant.publicKey, ...simulator },
  }
}
