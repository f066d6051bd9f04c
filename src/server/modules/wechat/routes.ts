import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { API_BASE } from '../../../shared/constants'
import { WECHAT, WECHAT_TEMPLATE_LABELS, type WechatTemplateKey } from '../../../shared/api/wechat'
import { route, sessionOrNull, uid } from '../../http/route'
import { rateLimit } from '../../plugins/rate-limit'
import { SANDBOX_WECHAT_USERS, callbackSignature, parseWechatXml, wechatXml } from './provider'
import type { WechatService } from './service'

const MINUTE = 60_000

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const client = (r: FastifyRequest) => ({ ip: r.ip, userAgent: (r.headers['user-agent'] ?? '').slice(0, 255) })

/** The address the caller reached us at (a plain host[:port] only), for the sandbox's QR code. */
const originOf = (r: FastifyRequest) => {
  const host = r.headers.host ?? ''
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${r.protocol}://${host}` : undefined
}

function sandboxPage(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;margin:0}main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:20px 24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:18px;color:#07c160}.user{border:1px solid #eee;border-radius:8px;padding:10px 12px;margin:10px 0}.user b{display:block;margin-bottom:6px}form{display:inline}button{padding:8px 12px;margin:2px 4px 2px 0;border:0;border-radius:4px;font-size:14px;cursor:pointer;background:#07c160;color:#fff}button.plain{background:#f2f2f2;color:#333}.note{color:#999;font-size:12px}.ok{color:#07c160}.err{color:#c00}.msg{border-bottom:1px solid #eee;padding:10px 0}.msg h2{font-size:15px;margin:0 0 4px}.msg p{margin:2px 0;font-size:13px;color:#555}code{word-break:break-all}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}<p class="note">这是平台内置的微信公众号沙箱，仅用于演示和测试，不连接真实微信。</p></main></body></html>`
}

export const wechatRoutes: FastifyPluginAsync<{
  wechat: WechatService
  /** the sandbox's callback token; null: the sandbox is off (production), its pages answer 404 */
  sandboxToken: string | null
  now: () => number
}> = async (app, { wechat, sandboxToken, now }) => {
  // the callback's XML and the sandbox page's plain forms (this plugin only)
  for (const type of ['text/xml', 'application/xml'])
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body))
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  const poll = () => rateLimit({ max: 60, windowMs: MINUTE, now })

  route(app, WECHAT.buildQRCode, { onRequest: rateLimit({ max: 20, windowMs: MINUTE, now }) }, (r) =>
    wechat.buildQr(r.body.purpose, sessionOrNull(r)?.userId ?? null, originOf(r)),
  )
  route(app, WECHAT.checkOfficialLogin, { onRequest: poll() }, (r) =>
    wechat.checkLogin(r.query.sceneId, client(r)),
  )
  route(app, WECHAT.getUserBindOfficialResult, { onRequest: poll() }, (r) =>
    wechat.bindResult(uid(r), r.query.sceneId),
  )
  route(app, WECHAT.unbindUserOfficial, { message: '已解除微信绑定' }, (r) => wechat.unbind(uid(r)))
  route(app, WECHAT.getValidWechatOfficialTemplate, (r) => wechat.templates(sessionOrNull(r)?.userId ?? null))
  route(app, WECHAT.updateIsSend, { message: '设置已保存' }, (r) => wechat.setIsSend(uid(r), r.body.isSend))
  route(app, WECHAT.updateTemplateSendConfig, { message: '设置已保存' }, (r) =>
    wechat.setTemplates(uid(r), r.body.templates),
  )
  route(app, WECHAT.binding, (r) => wechat.binding(uid(r)))
  const bindLimit = rateLimit({ max: 10, windowMs: MINUTE, now })
  route(app, WECHAT.bindLogin, { message: '绑定成功', onRequest: bindLimit }, (r) =>
    wechat.bindLogin(r.body, client(r)),
  )
  route(app, WECHAT.bindRegister, { message: '注册并绑定成功', onRequest: bindLimit }, (r) =>
    wechat.bindRegister(r.body, client(r)),
  )

  // ---------------------------------------------------------------- the official account's callback
  route(app, WECHAT.callbackCheck, async (r, reply) => {
    reply.type('text/plain; charset=utf-8')
    if (!wechat.provider.verifySignature(r.query)) return reply.code(403).send('invalid signature')
    return reply.send(r.query.echostr ?? '')
  })
  route(app, WECHAT.callback, async (r, reply) => {
    reply.type('text/plain; charset=utf-8')
    if (!wechat.provider.verifySignature(r.query)) return reply.code(403).send('invalid signature')
    const msg = parseWechatXml(typeof r.body === 'string' ? r.body : '')
    const openid = msg.FromUserName
    if (msg.MsgType === 'event' && openid && msg.EventKey) {
      const scene =
        msg.Event === 'subscribe' && msg.EventKey.startsWith('qrscene_')
          ? msg.EventKey.slice('qrscene_'.length)
          : msg.Event === 'SCAN'
            ? msg.EventKey
            : null
      if (scene) await wechat.onScan(openid, scene)
    }
    // WeChat expects "success" (or an empty answer) within five seconds
    return reply.send('success')
  })

  // ---------------------------------------------------------------- the sandbox (plays WeChat and the phone)
  if (sandboxToken === null) return
  const token = sandboxToken
  const phonePath = `${API_BASE}${WECHAT.sandboxPhone.path}`
  const scanPath = `${API_BASE}${WECHAT.sandboxScan.path}`

  route(app, WECHAT.sandboxPhone, async (r, reply) => {
    const scene = r.query.scene ?? ''
    const done = r.query.done
    let body: string
    if (!scene) body = '<p>请用电脑端的「微信扫码」二维码打开本页（二维码内容就是本页地址）。</p>'
    else
      body =
        `<p>二维码场景：<code>${escapeHtml(scene)}</code></p>` +
        SANDBOX_WECHAT_USERS.map(
          (u) => `<div class="user"><b>${escapeHtml(u.nickname)}</b>
  <form method="post" action="${scanPath}"><input type="hidden" name="scene" value="${escapeHtml(scene)}"><input type="hidden" name="openid" value="${u.openid}"><input type="hidden" name="event" value="SCAN"><button type="submit" aria-label="以${escapeHtml(u.nickname)}扫码">扫码确认</button></form>
  <form method="post" action="${scanPath}"><input type="hidden" name="scene" value="${escapeHtml(scene)}"><input type="hidden" name="openid" value="${u.openid}"><input type="hidden" name="event" value="subscribe"><button class="plain" type="submit" aria-label="以${escapeHtml(u.nickname)}关注并扫码">关注公众号并扫码</button></form>
  <a class="note" href="${API_BASE}${WECHAT.sandboxInbox.path}?openid=${u.openid}">消息</a></div>`,
        ).join('')
    if (done === 'ok') body = `<p class="ok" role="status">已扫码，请回到电脑端继续。</p>${body}`
    if (done === 'refused') body = `<p class="err" role="alert">回调签名校验失败。</p>${body}`
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(sandboxPage('沙箱手机 · 微信扫一扫', body))
  })

  // the phone "scans": a signed event, posted to the same callback WeChat's servers post to
  route(app, WECHAT.sandboxScan, async (r, reply) => {
    const { scene, openid, event } = r.body
    const timestamp = String(Math.floor(now() / 1000))
    const nonce = randomBytes(8).toString('hex')
    const signature = callbackSignature(token, timestamp, nonce)
    const xml = wechatXml({
      ToUserName: 'gh_sandbox',
      FromUserName: openid,
      CreateTime: Number(timestamp),
      MsgType: 'event',
      Event: event,
      EventKey: event === 'subscribe' ? `qrscene_${scene}` : scene,
    })
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}${WECHAT.callback.path}?${new URLSearchParams({ signature, timestamp, nonce })}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    })
    const done = res.statusCode === 200 ? 'ok' : 'refused'
    return reply.redirect(`${phonePath}?${new URLSearchParams({ scene, done })}`, 303)
  })

  route(app, WECHAT.sandboxInbox, async (r, reply) => {
    const openid = r.query.openid || null
    const rows = await wechat.sandboxInbox(openid)
    const name = (o: string) => SANDBOX_WECHAT_USERS.find((u) => u.openid === o)?.nickname ?? o
    const items = rows
      .map((m) => {
        const lines = JSON.parse(m.content) as Array<[string, string]>
        return `<div class="msg" data-template="${escapeHtml(m.template_key)}"><h2>${escapeHtml(m.title)}</h2>
<p class="note">${escapeHtml(WECHAT_TEMPLATE_LABELS[m.template_key as WechatTemplateKey] ?? m.template_key)} · 发给 ${escapeHtml(name(m.openid))} · ${new Date(Number(m.created_at)).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}</p>
${lines.map(([k, v]) => `<p>${escapeHtml(k)}：${escapeHtml(v)}</p>`).join('')}<p class="note">${escapeHtml(m.url)}</p></div>`
      })
      .join('')
    const filter = SANDBOX_WECHAT_USERS.map(
      (u) => `<a href="?openid=${u.openid}">${escapeHtml(u.nickname)}</a>`,
    ).join(' · ')
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        sandboxPage(
          '沙箱 · 公众号模板消息',
          `<p class="note"><a href="?">全部</a> · ${filter}</p>${items || '<p>还没有发出的模板消息。</p>'}`,
        ),
      )
  })
}
