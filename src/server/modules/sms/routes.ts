import type { FastifyPluginAsync } from 'fastify'
import { ACCOUNT } from '../../../shared/api/account'
import { route } from '../../http/route'
import type { SmsService } from './service'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const time = (at: number) => new Date(at + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)

/** The sandbox SMS inbox page (registered only while the sandbox provider is on). */
export const smsSandboxRoutes: FastifyPluginAsync<{ sms: SmsService }> = async (app, { sms }) => {
  route(app, ACCOUNT.sandboxInbox, async (r, reply) => {
    const rows = await sms.inbox(r.query.phone)
    const items = rows
      .map(
        (m) =>
          `<li><div class="meta"><b class="to">${escapeHtml(m.phone)}</b> · ${time(Number(m.created_at))}</div><div class="text">${escapeHtml(m.content)}</div></li>`,
      )
      .join('')
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>模拟短信收件箱</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;margin:0}main{max-width:560px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:20px}ul{list-style:none;padding:0}li{border-bottom:1px solid #eee;padding:10px 0}.meta{color:#888;font-size:12px}.text{margin-top:4px}.note{color:#999;font-size:12px}</style>
</head><body><main><h1>模拟短信收件箱（沙箱）</h1>${r.query.phone ? `<p>手机号：${escapeHtml(r.query.phone)}</p>` : ''}
<ul>${items || '<li>暂无短信</li>'}</ul><p class="note">平台内置的沙箱短信服务：验证码只显示在这里和服务器日志中，不会发出真实短信。</p></main></body></html>`
  })
}
