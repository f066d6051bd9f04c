/** API calls of the end-to-end tests (log in with the RSA-encrypted password, send a message). */
import forge from 'node-forge'
import { E2E_API_ORIGIN } from '../../playwright.config'

export const DEMO_USERS = {
  buyer: { username: 'buyer', password: 'Buyer@123', nickName: '买家小王' },
  seller: { username: 'seller', password: 'Seller@123', nickName: '卖家老李' },
  admin: { username: 'admin', password: 'Admin@123' },
} as const

type Json = any

export async function api(
  path: string,
  init: { token?: string; body?: unknown; method?: string } = {},
): Promise<Json> {
  const res = await fetch(`${E2E_API_ORIGIN}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  return res.json()
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
  const { data } = await api('/publicKey')
  const key = forge.pki.publicKeyFromPem(data.publicKey)
  const encrypted = forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'))
  const res = await api('/login', { body: { username, password: encrypted } })
  if (res.code !== 200) throw new Error(`login of ${username} failed: ${res.msg}`)
  return res.token
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
