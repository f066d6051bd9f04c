/** The password cipher: what jsencrypt (PKCS#1 v1.5) sends is decrypted; anything else is null. */
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOrCreateKeyPair, type PasswordCipher } from './rsa'
import { keysOf } from '../../keys'

let dir: string
let cipher: PasswordCipher
let key: forge.pki.rsa.PublicKey

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'market-rsa-'))
  cipher = loadOrCreateKeyPair(keysOf(dir))
  key = forge.pki.publicKeyFromPem(cipher.publicKeyPem)
})
afterAll(async () => {
  await cipher.close()
  await rm(dir, { recursive: true, force: true })
})

/** As the browser does it: PKCS#1 v1.5 with the public key, base64. */
const encrypt = (text: string) =>
  forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))

/** Raw RSA of a chosen 256-byte block (to build wrong paddings). */
const raw = (block: Buffer) =>
  publicEncrypt({ key: cipher.publicKeyPem, padding: constants.RSA_NO_PADDING }, block).toString('base64')

describe('the password cipher', () => {
  it('decrypts PKCS#1 v1.5 ciphertexts, UTF-8 included, and keeps its key across restarts', async () => {
    expect(await cipher.decrypt(encrypt('Passw0rd!x'))).toBe('Passw0rd!x')
    expect(await cipher.decrypt(encrypt('支付密码 123456'))).toBe('支付密码 123456')
    expect(await cipher.decrypt(encrypt(''))).toBe('')
    const again = loadOrCreateKeyPair(keysOf(dir))
    expect(again.publicKeyPem).toBe(cipher.publicKeyPem)
    expect(await again.decrypt(encrypt('123456'))).toBe('123456')
    await again.close()
  })

  it('accepts a ciphertext whose leading zero byte was dropped', async () => {
    for (let i = 0; i < 5000; i++) {
      const c = Buffer.from(forge.util.decode64(encrypt(`pw${i}`)), 'binary')
      if (c[0] !== 0) continue
      expect(await cipher.decrypt(c.subarray(1).toString('base64'))).toBe(`pw${i}`)
      return
    }
    throw new Error('no ciphertext with a leading zero in 5000 tries')
  })

  it('answers null for anything that is not a v1.5 ciphertext of this key', async () => {
    expect(await cipher.decrypt('')).toBeNull()
    expect(await cipher.decrypt('not base64 at all')).toBeNull()
    expect(await cipher.decrypt(Buffer.alloc(257, 1).toString('base64'))).toBeNull()
    // at least the modulus
    expect(await cipher.decrypt(Buffer.alloc(256, 0xff).toString('base64'))).toBeNull()
    const block = (type: number, psLength: number, message: Buffer) => {
      const b = Buffer.alloc(256)
      b[1] = type
      b.fill(0x5a, 2, 2 + psLength)
      b[2 + psLength] = 0
      message.copy(b, 3 + psLength)
      return b
    }
    const msg = Buffer.from('123456')
    expect(await cipher.decrypt(raw(block(2, 256 - 3 - msg.length, msg)))).toBe('123456')
    // block type 1 (signatures), a padding string shorter than 8 bytes, no separator, bad UTF-8
    expect(await cipher.decrypt(raw(block(1, 256 - 3 - msg.length, msg)))).toBeNull()
    const short = Buffer.alloc(256, 0x11)
    short[0] = 0
    short[1] = 2
    short[5] = 0
    expect(await cipher.decrypt(raw(short))).toBeNull()
    const noSeparator = Buffer.alloc(256, 0x11)
    noSeparator[0] = 0
    noSeparator[1] = 2
    expect(await cipher.decrypt(raw(noSeparator))).toBeNull()
    const badUtf8 = Buffer.from([0xc3, 0x28])
    expect(await cipher.decrypt(raw(block(2, 256 - 3 - badUtf8.length, badUtf8)))).toBeNull()
    // another key's ciphertext
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey
    const foreign = publicEncrypt({ key: other, padding: constants.RSA_PKCS1_PADDING }, msg)
    expect(await cipher.decrypt(foreign.toString('base64'))).toBeNull()
  })

  it('decrypts on worker threads: many calls at once each get their own answer, the event loop stays free', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `密码${i}`)
    const ciphertexts = texts.map(encrypt)
    // a timer due at once fires while the 200 decryptions are under way (each is ~0.45 ms of CPU)
    let timerFiredAfter = -1
    let answered = 0
    setTimeout(() => (timerFiredAfter = answered), 0)
    const plain = await Promise.all(ciphertexts.map((c) => cipher.decrypt(c).finally(() => answered++)))
    expect(plain).toEqual(texts)
    expect(timerFiredAfter).toBeGreaterThanOrEqual(0)
    expect(timerFiredAfter).toBeLessThan(200)
  })

  it('starts its workers again after close, and fails (not null) the calls of a worker that stopped', async () => {
    const own = loadOrCreateKeyPair(keysOf(dir))
    expect(await own.decrypt(encrypt('a1'))).toBe('a1')
    await own.close()
    expect(await own.decrypt(encrypt('b2'))).toBe('b2')
    // closing while calls wait: they reject, so a login or payment answers an error, never "wrong password"
    const c3 = Array.from({ length: 200 }, () => encrypt('c3'))
    const waiting = c3.map((c) => own.decrypt(c))
    const closed = own.close()
    const outcomes = await Promise.allSettled(waiting)
    await closed
    expect(outcomes.some((o) => o.status === 'rejected')).toBe(true)
    for (const o of outcomes) if (o.status === 'fulfilled') expect(o.value).toBe('c3')
    expect(await own.decrypt(encrypt('d4'))).toBe('d4')
    await own.close()
  })
})
