/**
 * The demo's WeChat Pay merchant (docs/payments.md, "WeChat Pay"): without WECHATPAY_* configuration
 * the demo and the tests play a merchant of the simulator. Its key pair, certificate serial and APIv3
 * key are made once and kept in `dir` beside the simulator's state, so every process agrees. Returns
 * the adapter's configuration (the fields of pay/wechat.ts's WechatPayConfig; this file does not
 * import the adapter) and the simulator's options.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WechatpaySimulatorOptions } from './wechatpay'
import { wechatpaySimulatorKeys } from './wechatpay-store'

interface DemoMerchant {
  mchId: string
  appId: string
  serial: string
  privateKey: string
  publicKey: string
  apiV3Key: string
}

const FILE = 'wechatpay-merchant.json'

function demoMerchant(dir: string): DemoMerchant {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, FILE)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoMerchant
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const merchant: DemoMerchant = {
    mchId: '1900000109',
    appId: 'wxd930ea5d5a258f4f',
    serial: randomBytes(20).toString('hex').toUpperCase(),
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    // 32 characters, as WeChat's merchant platform sets it
    apiV3Key: randomBytes(16).toString('hex'),
  }
  try {
    writeFileSync(file, JSON.stringify(merchant), { flag: 'wx', mode: 0o600 })
    return merchant
  } catch {
    // another process wrote it first: its merchant wins
    return JSON.parse(readFileSync(file, 'utf8')) as DemoMerchant
  }
}

/**
 * The demo merchant against the simulator in `dir`, reached at `gateway` (the simulator's absolute
 * address with its prefix, e.g. http://127.0.0.1:3000/sim/wechatpay).
 */
export function wechatpayDemo(
  dir: string,
  gateway: string,
  simulator: Partial<WechatpaySimulatorOptions> = {},
) {
  const m = demoMerchant(dir)
  const platform = wechatpaySimulatorKeys(dir)
  return {
    /** pass to createWechatPayProvider */
    provider: {
      mchId: m.mchId,
      appId: m.appId,
      serial: m.serial,
      privateKey: m.privateKey,
      publicKeyId: platform.publicKeyId,
      publicKey: platform.publicKey,
      apiV3Key: m.apiV3Key,
      gateway,
    },
    /** pass to wechatpaySimulator */
    simulator: {
      dir,
      mchId: m.mchId,
      appId: m.appId,
      merchantSerial: m.serial,
      merchantPublicKey: m.publicKey,
      apiV3Key: m.apiV3Key,
      ...simulator,
    } satisfies WechatpaySimulatorOptions,
  }
}
