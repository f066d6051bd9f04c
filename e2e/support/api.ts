/** API calls of the end-to-end tests: log in with the RSA-encrypted password, send a message, and set up trading (new users, money, listings, paid orders). */
import http from 'node:http'
import forge from 'node-forge'
import sharp from 'sharp'
import { E2E_API_ORIGIN } from '../../playwright.config'

export const DEMO_USERS = {
  buyer: { username: 'buyer', password: 'Buyer@123', nickName: '买家小王' },
  seller: { username: 'seller', password: 'Seller@123', nickName: '卖家老李' },
  admin: { username: 'admin', password: 'Admin@123' },
} as const

type Json = any

let lastAddress = 0
/**
 * The address a set-up call comes from: 127.0.1.1 … 127.0.1.250 in turn (every 127.x address is this
 * machine). The server's per-address limits (20 logins, 10 registrations a minute) are meant for one
 * client; the suite's set-up is many clients, and the browser (127.0.0.1) keeps its own allowance.
 */
function nextLoopback(): string {
  lastAddress = (lastAddress % 250) + 1
  return `127.0.1.${lastAddress}`
}

export function api(
  path: string,
  init: { token?: string; body?: unknown; method?: string } = {},
): Promise<Json> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${E2E_API_ORIGIN}/api${path}`,
      {
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: nextLoopback(),
        headers: {
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          try {
            resolve(JSON.parse(text))
          } catch {
            reject(new Error(`${path}: HTTP ${res.statusCode}, not JSON: ${text.slice(0, 200)}`))
          }
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const tokens = new Map<string, Promise<string>>()

/**
 * A token of a demo user (the e2e server runs with the captcha off), logged in once per test run:
 * the server allows 20 logins a minute per address, and every test of the suite comes from 127.0.0.1.
 */
export function loginToken(username: string, password: string): Promise<string> {
  let token = tokens.get(username)
  if (!token) {
    token = freshLogin(username, password)
    tokens.set(username, token)
    token.catch(() => tokens.delete(username))
  }
  return token
}

async function freshLogin(username: string, password: string): Promise<string> {
  return (await apiLogin(username, password)).token
}

/** A new session of the user (POST /login as the login form sends it): its token and the user it answered. */
export async function apiLogin(
  username: string,
  password: string,
): Promise<{ token: string; userInfoDto: unknown }> {
  const encrypt = await encrypter()
  const res = await api('/login', { body: { username, password: encrypt(password) } })
  if (res.code !== 200) throw new Error(`login of ${username} failed: ${res.msg}`)
  return { token: res.token, userInfoDto: res.userInfoDto }
}

/** The admin sends an in-site message: the addressee's unread count goes up at once (live event). */
export async function sendMessage(userName: string, title: string): Promise<number> {
  const admin = await loginToken(DEMO_USERS.admin.username, DEMO_USERS.admin.password)
  const res = await api('/system/message/send', {
    token: admin,
    body: { userName, title, content: `${title}（端到端测试）` },
  })
  if (res.code !== 200) throw new Error(`sending a message failed: ${res.msg}`)
  return res.data.messageId
}

export async function unreadCount(token: string): Promise<number> {
  return (await api('/user/message/getNoReadWebMessageCount', { token })).data
}

/** today at this hour, China time (a fixed date in the past would expire the 3-day login cookie at once) */
function chinaToday(hour: number): Date {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+08:00`)
}

/** 12:00 and 23:00 China time: inside and outside the customer-service hours (10:00-22:30) */
export const INSIDE_SERVICE_HOURS = chinaToday(12)
export const OUTSIDE_SERVICE_HOURS = chinaToday(23)

// ---------------------------------------------------------------- trading: users, money, listings, orders

/** Encrypts with the server's RSA public key (passwords and payment passwords travel encrypted). */
export async function encrypter(): Promise<(text: string) => string> {
  const { data } = await api('/publicKey')
  const key = forge.pki.publicKeyFromPem(data.publicKey)
  return (text) => forge.util.encode64(key.encrypt(forge.util.encodeUtf8(text), 'RSAES-PKCS1-V1_5'))
}

export interface TestUser {
  username: string
  password: string
  nickName: string
  token: string
}

/** A new user, registered and logged in through the API: nothing of another test touches it. */
export async function newUser(prefix: string, password = 'Trade@2024', verified = true): Promise<TestUser> {
  const encrypt = await encrypter()
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`
  const nickName = `测试${username.slice(-8)}`
  const cipher = encrypt(password)
  const registered = await api('/register', {
    body: { username, password: cipher, confirmPassword: cipher, nickName, agreed: true },
  })
  if (registered.code !== 200) throw new Error(`registering ${username} failed: ${registered.msg}`)
  const login = await api('/login', { body: { username, password: encrypt(password) } })
  if (login.code !== 200) throw new Error(`login of ${username} failed: ${login.msg}`)
  // a verified adult (a sandbox identity): selling and withdrawing need one
  if (verified) {
    const real = await api('/user/realName', {
      token: login.token,
      body: { realName: '陈静', idNumber: '320102199508152229' },
    })
    if (real.code !== 200) throw new Error(`real name of ${username} failed: ${real.msg}`)
  }
  return { username, password, nickName, token: login.token }
}

/** Sets the user's payment password (the login password proves who asks). */
export async function setPayPassword(user: TestUser, payPassword: string): Promise<void> {
  const encrypt = await encrypter()
  const res = await api('/funds/payPassword', {
    token: user.token,
    body: { payPassword: encrypt(payPassword), loginPassword: encrypt(user.password) },
  })
  if (res.code !== 200) throw new Error(`setting the payment password failed: ${res.msg}`)
}

/**
 * Tops the user's wallet up with 支付宝: the real Alipay adapter against the Alipay simulator on the
 * server (docs/payments.md), paid through the simulator's test hook — it opens the cashier of the
 * pay URL and presses 确认付款 as a buyer would — and credited by its notification.
 */
export async function topUp(token: string, fen: number): Promise<string> {
  const created = await api('/funds/topup/create', { token, body: { amount: fen, channel: 'alipay' } })
  if (created.code !== 200) throw new Error(`creating a top-up failed: ${created.msg}`)
  await payAtAlipay(created.data.payUrl)
  const topupNo = created.data.topupNo as string
  // the notification comes a few ms after the payment: ask often at first (every 100 ms from the
  // start left ~100 ms of each top-up waiting), then every 100 ms for up to ~10 s
  for (let i = 0; i < 120; i++) {
    const detail = await api(`/funds/topup/detail/${topupNo}`, { token })
    if (detail.data?.status === 'PAID') return topupNo
    await new Promise((resolve) => setTimeout(resolve, i < 20 ? 20 : 100))
  }
  throw new Error(`top-up ${topupNo} was never credited`)
}

/** 确认付款 at the Alipay simulator's cashier of `payUrl` (its test hook). */
export async function payAtAlipay(payUrl: string): Promise<void> {
  const base = payUrl.slice(0, payUrl.indexOf('/gateway.do'))
  const paid = await fetch(`${base}/_sim/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: payUrl }),
  })
  if (paid.status !== 200) throw new Error(`paying at the Alipay simulator failed: HTTP ${paid.status}`)
}

export interface Listing {
  goodsId: number
  title: string
  price: number
}

/**
 * The cheapest on-sale 王者荣耀 account of the demo seller (its transfer form is Tencent's) priced
 * within [minFen, maxFen]. A listing a test has bought is sold, so the next test gets another one;
 * when the seed has none left in the range, the demo seller publishes a fresh one (so no test depends
 * on which tests ran before it).
 */
export async function cheapestAccount(minFen: number, maxFen: number): Promise<Listing> {
  const king = await kingGame()
  const res = await api(
    `/goods/search?gameId=${king.gameId}&goodsType=ACCOUNT&sort=price_asc&pageNum=1&pageSize=50`,
  )
  const row = (
    res.rows as Array<{ goodsId: number; title: string; price: number; shopName: string; status: string }>
  ).find(
    (r) =>
      r.status === 'ON_SALE' &&
      r.shopName === `${DEMO_USERS.seller.nickName}的小店` &&
      r.price >= minFen &&
      r.price <= maxFen,
  )
  if (row) return { goodsId: row.goodsId, title: row.title, price: row.price }
  return publishAccount(Math.max(minFen, Math.min(maxFen, 66_600)))
}

export async function kingGame(): Promise<{ gameId: number }> {
  const games = (await api('/goods/game/getGames')).data as Array<{ gameId: number; nameCn: string }>
  const king = games.find((g) => g.nameCn === '王者荣耀')
  if (!king) throw new Error('the demo seed has no 王者荣耀')
  return king
}

let published = 0

/**
 * The demo seller (or the seller of `sellerToken`, a verified user) publishes a 王者荣耀 account at
 * `priceFen` (with a screenshot); it goes on sale. `extra`: more fields of the publish body (包赔
 * terms, a description).
 */
export async function publishAccount(
  priceFen: number,
  title = `荣耀王者 端到端 ${Date.now()}-${++published}`,
  sellerToken?: string,
  extra: Record<string, unknown> = {},
): Promise<Listing> {
  const seller = sellerToken ?? (await loginToken(DEMO_USERS.seller.username, DEMO_USERS.seller.password))
  const king = await kingGame()
  const areas = (await api(`/goods/game/getAreaServersByGameId?gameId=${king.gameId}`)).data
  const shot = await sharp({ create: { width: 120, height: 100, channels: 3, background: '#5a9' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(shot)], { type: 'image/png' }), 'shot.png')
  const upload = await (
    await fetch(`${E2E_API_ORIGIN}/api/goods/image/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${seller}` },
      body: form,
    })
  ).json()
  const res = await api('/goods/seller/publish', {
    token: seller,
    body: {
      gameId: king.gameId,
      goodsType: 'ACCOUNT',
      areaId: areas[0].serverId,
      serverId: areas[0].children[0].serverId,
      title,
      description: '端到端测试用账号',
      price: priceFen,
      stock: 1,
      attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200 },
      imageIds: [upload.data.imageId],
      ...extra,
    },
  })
  if (res.code !== 200 || res.data.status !== 'ON_SALE') throw new Error(`publish failed: ${res.msg}`)
  return { goodsId: res.data.goodsId, title, price: priceFen }
}

export async function buyAndPay(user: TestUser, listing: Listing, payPassword: string): Promise<string> {
  await topUp(user.token, listing.price)
  const created = await api('/trade/order/create', {
    token: user.token,
    body: { goodsId: listing.goodsId, quantity: 1 },
  })
  if (created.code !== 200) throw new Error(`ordering failed: ${created.msg}`)
  const orderNo = created.data.orderNo as string
  const encrypt = await encrypter()
  const paid = await api('/trade/order/pay', {
    token: user.token,
    body: { orderNo, payPassword: encrypt(payPassword) },
  })
  if (paid.code !== 200) throw new Error(`paying the order failed: ${paid.msg}`)
  return orderNo
}

/** A plain PNG of one colour (screenshots and evidence the specs upload). */
export function pngOf(r: number, g: number, b: number, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
}
