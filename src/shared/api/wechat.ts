/**
 * The WeChat official account (公众号): scan-to-login, binding a WeChat identity to an account, and
 * the template messages the platform sends to bound users who opted in (docs/wechat.md). Plain
 * data: no Node, no DOM.
 */
import { data, endpoint, none, raw, type BodyOf } from './contract'
import { Type, bool, cipherText, oneOf, optional, pattern, strict, text } from './fields'
import type { LoginResult } from './auth'

/** What a QR code is for: logging in (anyone) or binding the caller's account (logged in). */
export const WECHAT_QR_PURPOSES = ['LOGIN', 'BIND'] as const
export type WechatQrPurpose = (typeof WECHAT_QR_PURPOSES)[number]

/** A temporary QR code: show `qrImage`; poll with `sceneId` (a secret of the page that asked). */
export interface WechatQrCode {
  sceneId: string
  /** data URL (image/png) of the QR code */
  qrImage: string
  /** what the QR code encodes (the sandbox: its phone page) */
  qrContent: string
  expiresAt: number
  /** the sandbox's phone page for this QR code (demo and test installs only) */
  sandboxUrl: string | null
}

/**
 * The answer of the login poll. WAITING: not scanned yet. LOGGED_IN: the scanning WeChat user is
 * bound, here is the session (like POST /login). UNBOUND: scanned by a WeChat user bound to no
 * account; `bindTicket` opens /bind.html. EXPIRED: unknown, expired or already used (the same
 * answer for all three).
 */
export type WechatLoginCheck =
  | { status: 'WAITING' }
  | ({ status: 'LOGGED_IN' } & LoginResult)
  | { status: 'UNBOUND'; bindTicket: string; wechatNickname: string }
  | { status: 'EXPIRED' }

/** The answer of the binding poll (account settings). */
export interface WechatBindResult {
  status: 'WAITING' | 'BOUND' | 'FAILED' | 'EXPIRED'
  /** why it failed, in Chinese */
  reason?: string
}

/** The template messages the platform sends. */
export const WECHAT_TEMPLATE_KEYS = [
  'ORDER_PAID',
  'ORDER_DELIVERED',
  'BID_RECEIVED',
  'BID_COUNTER',
  'DISPUTE_UPDATE',
  'WITHDRAWAL_RESULT',
  'NEW_MESSAGE',
  'SAVED_SEARCH',
] as const
export type WechatTemplateKey = (typeof WECHAT_TEMPLATE_KEYS)[number]

export const WECHAT_TEMPLATE_LABELS: Record<WechatTemplateKey, string> = {
  ORDER_PAID: '订单已付款（卖家）',
  ORDER_DELIVERED: '订单已交付（买家）',
  BID_RECEIVED: '收到新出价',
  BID_COUNTER: '收到还价',
  DISPUTE_UPDATE: '纠纷仲裁进展',
  WITHDRAWAL_RESULT: '提现结果',
  NEW_MESSAGE: '新站内信',
  SAVED_SEARCH: '订阅搜索有新商品',
}

export interface WechatTemplate {
  key: WechatTemplateKey
  name: string
  /** the user receives it (the master switch and this template's own switch are on) */
  enabled: boolean
}

/** The caller's binding and switches (account settings). */
export interface WechatBinding {
  bound: boolean
  /** the WeChat nickname, when bound */
  nickname: string | null
  boundAt: number | null
  /** the master switch of template messages */
  isSend: boolean
  /** the templates the platform sends, each with the caller's switch */
  templates: WechatTemplate[]
}

const sceneId = () => pattern('二维码标识', '^[A-Za-z0-9_-]+$', 64)
const bindTicket = () => pattern('绑定凭证', '^[A-Za-z0-9_-]+$', 64)
/** what WeChat appends to the callback URL (signature = sha1 of the sorted token, timestamp, nonce) */
const callbackQuery = strict({
  signature: optional(text('签名', 128, 0)),
  timestamp: optional(text('时间戳', 20, 0)),
  nonce: optional(text('随机数', 64, 0)),
  echostr: optional(text('回显串', 256, 0)),
  openid: optional(text('用户标识', 64, 0)),
  encrypt_type: optional(text('加密方式', 16, 0)),
  msg_signature: optional(text('消息签名', 128, 0)),
})
const captcha = {
  code: optional(text('验证码', 10, 0)),
  uuid: optional(text('验证码标识', 64, 0)),
}

export const WECHAT = {
  /** a temporary QR code: LOGIN for anyone, BIND for the logged-in caller (rate limited) */
  buildQRCode: endpoint({
    method: 'POST',
    path: '/user/userOfficial/buildQRCode',
    access: 'optional',
    body: strict({ purpose: oneOf('用途', WECHAT_QR_PURPOSES) }),
    answer: data<WechatQrCode>(),
  }),
  /** polled by /offLogin.html (rate limited); a LOGGED_IN or UNBOUND answer uses the scene up */
  checkOfficialLogin: endpoint({
    method: 'GET',
    path: '/user/userOfficial/checkOfficialLogin',
    access: 'public',
    query: strict({ sceneId: sceneId() }),
    answer: data<WechatLoginCheck>(),
  }),
  /** polled while binding from account settings (rate limited) */
  getUserBindOfficialResult: endpoint({
    method: 'GET',
    path: '/user/userOfficial/getUserBindOfficialResult',
    access: 'user',
    query: strict({ sceneId: sceneId() }),
    answer: data<WechatBindResult>(),
  }),
  unbindUserOfficial: endpoint({
    method: 'POST',
    path: '/user/userOfficial/unbindUserOfficial',
    access: 'user',
    answer: none(),
  }),
  /** the templates the platform sends, with the caller's switches when logged in */
  getValidWechatOfficialTemplate: endpoint({
    method: 'GET',
    path: '/extension/official/getValidWechatOfficialTemplate',
    access: 'optional',
    answer: data<WechatTemplate[]>(),
  }),
  updateIsSend: endpoint({
    method: 'POST',
    path: '/user/userOfficial/updateIsSend',
    access: 'user',
    body: strict({ isSend: bool('接收微信通知') }),
    answer: none(),
  }),
  updateTemplateSendConfig: endpoint({
    method: 'POST',
    path: '/user/userOfficial/updateTemplateSendConfig',
    access: 'user',
    body: strict({
      templates: Type.Array(strict({ key: oneOf('模板', WECHAT_TEMPLATE_KEYS), enabled: bool('是否接收') }), {
        title: '模板设置',
        minItems: 1,
        maxItems: WECHAT_TEMPLATE_KEYS.length,
      }),
    }),
    answer: none(),
  }),
  /** the caller's binding and switches (account settings) */
  binding: endpoint({
    method: 'GET',
    path: '/user/userOfficial/binding',
    access: 'user',
    answer: data<WechatBinding>(),
  }),
  /** /bind.html: log in to an existing account and bind the scanned WeChat identity to it (rate limited) */
  bindLogin: endpoint({
    method: 'POST',
    path: '/user/userOfficial/bindLogin',
    access: 'public',
    body: strict({
      bindTicket: bindTicket(),
      username: text('用户名', 64),
      password: cipherText('密码'),
      ...captcha,
    }),
    answer: data<LoginResult>(),
  }),
  /** /bind.html: register a new account, bind the scanned WeChat identity, and log in (rate limited) */
  bindRegister: endpoint({
    method: 'POST',
    path: '/user/userOfficial/bindRegister',
    access: 'public',
    body: strict({
      bindTicket: bindTicket(),
      username: text('用户名', 64),
      password: cipherText('密码'),
      confirmPassword: cipherText('确认密码'),
      nickName: optional(text('昵称', 30, 0)),
      /** the user, buyer, seller and privacy agreements ticked (the register call refuses otherwise) */
      agreed: bool('同意协议'),
      ...captcha,
    }),
    answer: data<LoginResult>(),
  }),
  /** the event callback of the official account (GET: WeChat's URL check; POST: events, XML) */
  callbackCheck: endpoint({
    method: 'GET',
    path: '/wechat/callback',
    access: 'public',
    query: callbackQuery,
    answer: raw(),
  }),
  callback: endpoint({
    method: 'POST',
    path: '/wechat/callback',
    access: 'public',
    query: callbackQuery,
    answer: raw(),
  }),
  /** the sandbox's phone page (demo and test installs only) */
  sandboxPhone: endpoint({
    method: 'GET',
    path: '/wechat/sandbox/phone',
    access: 'public',
    query: strict({
      scene: optional(pattern('场景', '^[A-Za-z0-9_-]*$', 64)),
      done: optional(oneOf('结果', ['ok', 'refused'] as const)),
    }),
    answer: raw(),
  }),
  /** the sandbox phone's scan: posts a signed event to the callback */
  sandboxScan: endpoint({
    method: 'POST',
    path: '/wechat/sandbox/scan',
    access: 'public',
    body: Type.Object({
      scene: pattern('场景', '^[A-Za-z0-9_-]+$', 64),
      openid: pattern('微信用户', '^[A-Za-z0-9_-]+$', 64),
      event: oneOf('事件', ['subscribe', 'SCAN'] as const),
    }),
    answer: raw(),
  }),
  /** the sandbox's inbox of sent template messages */
  sandboxInbox: endpoint({
    method: 'GET',
    path: '/wechat/sandbox/inbox',
    access: 'public',
    query: strict({ openid: optional(pattern('微信用户', '^[A-Za-z0-9_-]*$', 64)) }),
    answer: raw(),
  }),
}

export type BindLoginBody = BodyOf<typeof WECHAT.bindLogin>
export type BindRegisterBody = BodyOf<typeof WECHAT.bindRegister>
export type TemplateSendConfigBody = BodyOf<typeof WECHAT.updateTemplateSendConfig>
