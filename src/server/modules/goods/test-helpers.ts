/** Helpers of the catalogue's server tests: users, listings, images and multipart bodies. */
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import type { Game, GameDetail, PublishGoodsBody } from '../../../shared/api'
import { call, encryptPassword, startTestApp, type Json, type TestApp } from '../../test-utils'

let users = 0

/** The password of every user newUser registers. */
export const NEW_USER_PASSWORD = 'Passw0rd!x'

/** Registers a fresh user and logs in: its token, id and user name (to log in again). */
export async function newUser(
  app: FastifyInstance,
  prefix = 'user',
  opts: { verified?: boolean } = {},
): Promise<{ token: string; userId: number; username: string }> {
  users += 1
  const username = `${prefix}${Date.now().toString(36)}${users}`.slice(0, 20)
  const password = NEW_USER_PASSWORD
  const encrypted = await encryptPassword(app, password)
  const res = await call(app, 'POST', '/api/register', {
    body: {
      username,
      password: encrypted,
      confirmPassword: encrypted,
      nickName: `测试${users}`,
      agreed: true,
    },
  })
  if (res.code !== 200) throw new Error(`register failed: ${res.msg}`)
  // registering logs the new user in: its answer is the session (docs/account-security.md)
  const token: string = res.token
  // a verified adult (sandbox identity), as selling and withdrawing require (docs/account-security.md)
  if (opts.verified ?? true) {
    const verified = await call(app, 'POST', '/api/user/realName', {
      token,
      body: { realName: '陈静', idNumber: '320102199508152229' },
    })
    // an app without a real-name provider (sandbox off) has no way to verify: the user stays unverified
    if (verified.code !== 200 && !/服务暂不可用/.test(verified.msg))
      throw new Error(`real name failed: ${verified.msg}`)
  }
  const info = await call(app, 'GET', '/api/getInfo', { token })
  return { token, userId: info.user.userId, username }
}

export interface GameFixture {
  game: Game
  areas: GameDetail['areas']
}

export async function gameNamed(app: FastifyInstance, nameCn: string): Promise<GameFixture> {
  const games: Game[] = (await call(app, 'GET', '/api/goods/game/getGames')).data
  const game = games.find((g) => g.nameCn === nameCn)
  if (!game) throw new Error(`no game ${nameCn}`)
  const areas = (await call(app, 'GET', `/api/goods/game/getAreaServersByGameId?gameId=${game.gameId}`)).data
  return { game, areas }
}

export type NewUser = Awaited<ReturnType<typeof newUser>>

/** A fresh app with the 王者荣耀 fixture, a seller and another user (to test the owner checks). */
export async function startSellerApp(
  sellerPrefix: string,
  otherPrefix: string,
): Promise<{ t: TestApp; king: GameFixture; seller: NewUser; other: NewUser }> {
  const t = await startTestApp()
  const king = await gameNamed(t.app, '王者荣耀')
  const seller = await newUser(t.app, sellerPrefix)
  const other = await newUser(t.app, otherPrefix)
  return { t, king, seller, other }
}

/** A valid 王者荣耀 account listing on the first server of the first area. */
export function kingAccount(fx: GameFixture, overrides: Partial<PublishGoodsBody> = {}): PublishGoodsBody {
  const area = fx.areas[0]
  return {
    gameId: fx.game.gameId,
    goodsType: 'ACCOUNT',
    areaId: area.serverId,
    serverId: area.children[0].serverId,
    title: '荣耀王者 100英雄 200皮肤 可换绑',
    description: '自用号，可验号。',
    price: 128_800,
    stock: 1,
    attributes: { 段位: '荣耀王者', 英雄数量: 100, 皮肤数量: 200 },
    imageIds: [],
    ...overrides,
  }
}

/** One small screenshot, drawn once per test file and uploaded for every listing that needs one. */
let screenshotPng: Promise<Buffer> | undefined

/** Uploads a fresh screenshot as the user (an image belongs to one listing): its id. */
export async function uploadScreenshot(app: FastifyInstance, token: string): Promise<string> {
  screenshotPng ??= flatImage(120, 100, 'png', { r: 90, g: 160, b: 90 })
  const res = await uploadImage(app, token, await screenshotPng)
  if (res.code !== 200) throw new Error(`screenshot upload failed: ${res.msg}`)
  return res.data.imageId
}

/**
 * The body with a screenshot when it is an account listing without one (the server requires one
 * for accounts); other bodies as they are.
 */
export async function withScreenshot<T extends PublishGoodsBody>(
  app: FastifyInstance,
  token: string,
  body: T,
): Promise<T> {
  if (body.goodsType !== 'ACCOUNT' || (body.imageIds?.length ?? 0) > 0) return body
  return { ...body, imageIds: [await uploadScreenshot(app, token)] }
}

/** Publishes the listing (an account gets an uploaded screenshot when it has none): its id. */
export async function publish(app: FastifyInstance, token: string, body: PublishGoodsBody): Promise<number> {
  const res = await call(app, 'POST', '/api/goods/seller/publish', {
    token,
    body: await withScreenshot(app, token, body),
  })
  if (res.code !== 200) throw new Error(`publish failed: ${res.msg}`)
  return res.data.goodsId
}

/** A real image of a flat colour (PNG unless asked otherwise). */
export function flatImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  color = { r: 40, g: 120, b: 200 },
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: color } })
  return (
    format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: 95 }) : image.webp()
  ).toBuffer()
}

/** A multipart/form-data body (the way a browser's FormData sends it). */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string; field?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  const res = new Response(form)
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  }
}

/** POSTs a multipart body through inject; answers the parsed envelope. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<Json> {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  })
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`)
  return res.json()
}

export async function uploadImage(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  name = 'shot.png',
): Promise<Json> {
  return postMultipart(
    app,
    '/api/goods/image/upload',
    token,
    await multipart({}, { name, data, type: 'image/png' }),
  )
}
