/**
 * Two-factor identity check providers (name + ID number; docs/account-security.md): what a real
 * adapter implements, an adapter for the common HTTPS "身份证二要素" API of the Aliyun API market
 * (APPCODE authorisation), and the built-in sandbox that answers from a configured list of passing
 * and failing identities. On in demo and test installs, off in production (REALNAME_SANDBOX,
 * default the same as SEED_DEMO). Only ID numbers that passed the local check reach a provider.
 */
export type IdCheckAnswer = 'MATCH' | 'MISMATCH' | 'UNAVAILABLE'

export interface IdVerifier {
  name: string
  check(realName: string, idNumber: string): Promise<IdCheckAnswer>
}

/** The sandbox's identities (valid GB 11643 numbers). Anything not listed as passing fails. */
export const SANDBOX_IDENTITIES = {
  pass: [
    { name: '张三', idNumber: '110105199003071239' },
    { name: '李四', idNumber: '310104198511124567' },
    { name: '王五', idNumber: '440304200001017892' },
    { name: '陈静', idNumber: '320102199508152229' },
    /** under 18: verified, but may not trade */
    { name: '赵小明', idNumber: '110108201205053214' },
  ],
  fail: [{ name: '刘伟', idNumber: '510107198802281112' }],
  /** the provider "cannot answer" (tests of the manual-review path) */
  unavailable: [{ name: '孙七', idNumber: '440304200001017892' }],
} as const

export function sandboxIdVerifier(list: typeof SANDBOX_IDENTITIES = SANDBOX_IDENTITIES): IdVerifier & {
  /** every identity the sandbox was asked about (tests: a bad checksum never gets here) */
  asked: string[]
} {
  const asked: string[] = []
  const has = (rows: readonly { name: string; idNumber: string }[], name: string, id: string) =>
    rows.some((r) => r.name === name && r.idNumber === id)
  return {
    name: 'sandbox',
    asked,
    async check(realName, idNumber) {
      asked.push(idNumber)
      if (has(list.unavailable, realName, idNumber)) return 'UNAVAILABLE'
      if (has(list.pass, realName, idNumber)) return 'MATCH'
      return 'MISMATCH'
    },
  }
}

export interface MarketIdVerifierConfig {
  /** e.g. https://idenauthen.market.alicloudapi.com/idenAuthentication */
  url: string
  appCode: string
}

/** The Aliyun API market two-factor check: POST form name + idNo, answer respCode 0000 = match. */
export function marketIdVerifier(
  config: MarketIdVerifierConfig,
  fetchImpl: typeof fetch = fetch,
): IdVerifier {
  return {
    name: 'aliyun-market',
    async check(realName, idNumber) {
      try {
        const res = await fetchImpl(config.url, {
          method: 'POST',
          headers: {
            Authorization: `APPCODE ${config.appCode}`,
            'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          },
          body: new URLSearchParams({ name: realName, idNo: idNumber }).toString(),
          signal: AbortSignal.timeout(8000),
        })
        if (!res.ok) return 'UNAVAILABLE'
        const body = (await res.json()) as { respCode?: string }
        if (body.respCode === '0000') return 'MATCH'
        // 0008: no record of this number — the provider cannot say; anything else: mismatch
        return body.respCode === '0008' ? 'UNAVAILABLE' : 'MISMATCH'
      } catch {
        return 'UNAVAILABLE'
      }
    },
  }
}
