import { FUNDS_STAFF } from '../../../shared/api/funds'
import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { FUNDS } from '../../../shared/api'
import { route, sessionOrNull, uid } from '../../http/route'
import { returnWithTopup } from '../../../shared/rules/return-to'
import { SANDBOX_SIGNATURE_HEADER, type CheckoutAccess, type sandboxGateway } from './gateway'
import { yuan } from './numbers'
import type { FundsService } from './service'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

interface GatewayTopupView {
  topupNo: string
  amount: number
  status: string
  /** where the gateway returns (already a checked same-site path) */
  returnTo: string
}

/** Why the page refuses (anonymous, a stranger, a forged or expired link): said plainly, nothing changes. */
const REFUSALS: Record<Exclude<CheckoutAccess, 'ok'> | 'missing', string> = {
  missing: '充值单不存在。',
  invalid: '无权访问此充值单：支付链接无效，只有发起充值的本人可以支付。请登录本人账号回到平台重新发起充值。',
  expired: '支付链接已过期，请回到平台重新发起充值。',
}

function checkoutPage(
  view:
    | { topup: GatewayTopupView; actUrl: string; proof: { expires: string; sig: string } | null }
    | { refusal: string },
) {
  let body: string
  if ('refusal' in view) body = `<p class="err" role="alert">${escapeHtml(view.refusal)}</p>`
  else {
    const { topup, actUrl, proof } = view
    const back = escapeHtml(returnWithTopup(topup.returnTo, topup.topupNo))
    const hidden = (action: 'pay' | 'fail') =>
      [
        ['topupNo', topup.topupNo],
        ['action', action],
        ...(proof ? [['expires', proof.expires] as const, ['sig', proof.sig] as const] : []),
      ]
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('')
    body =
      topup.status !== 'PENDING'
        ? `<p>充值单 ${escapeHtml(topup.topupNo)} 已处理（${escapeHtml(topup.status)}）。</p><p><a href="${back}">返回平台</a></p>`
        : `<p>充值单号：<b>${escapeHtml(topup.topupNo)}</b></p>
  <p class="amount">${yuan(topup.amount)}</p>
  <form method="post" action="${actUrl}">${hidden('pay')}<button class="pay" type="submit">确认支付</button></form>
  <form method="post" action="${actUrl}">${hidden('fail')}<button class="fail" type="submit">模拟支付失败</button></form>`
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>模拟支付网关</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;margin:0}main{max-width:420px;margin:60px auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}h1{font-size:20px}.amount{font-size:32px;color:#ff5000;margin:16px 0}button{width:100%;padding:12px;margin:6px 0;border:0;border-radius:4px;font-size:16px;cursor:pointer}.pay{background:#1677ff;color:#fff}.fail{background:#eee;color:#333}.note{color:#999;font-size:12px}.err{color:#c00}</style>
</head><body><main><h1>模拟支付网关（沙箱）</h1>${body}<p class="note">这是平台内置的沙箱支付网关，仅用于测试，不会产生真实扣款。</p></main></body></html>`
}

export const fundsRoutes: FastifyPluginAsync<{
  funds: FundsService
  /** null: the sandbox gateway is off (production), its pages answer 404 */
  sandbox: ReturnType<typeof sandboxGateway> | null
}> = async (app, { funds, sandbox }) => {
  // plain HTML forms of the sandbox page post urlencoded (this plugin only)
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  route(app, FUNDS.wallet, (r) => funds.wallet(uid(r)))
  route(app, FUNDS.ledger, (r) => funds.ledger(uid(r), r.query))
  route(app, FUNDS.ledgerExport, { message: '导出成功' }, (r) => funds.exportLedger(uid(r), r.body ?? {}))
  route(app, FUNDS.payPassword, { message: '支付密码设置成功' }, (r) =>
    funds.setPayPassword(uid(r), r.body, r.ip),
  )
  route(app, FUNDS.topupChannels, () => ({ channels: funds.topupChannels() }))
  route(app, FUNDS.topupCreate, (r) => funds.createTopup(uid(r), r.body, null, r.ip))
  route(app, FUNDS.topupDetail, (r) => funds.topupDetail(uid(r), r.params.topupNo))
  route(app, FUNDS.withdrawCreate, { message: '提现申请已提交' }, (r) =>
    funds.createWithdrawal(uid(r), r.body),
  )
  route(app, FUNDS.withdrawList, (r) => funds.withdrawals(uid(r), r.query))
  route(app, FUNDS_STAFF.withdrawDecide, { message: '已处理' }, (r) =>
    funds.decideWithdrawal(actorOf(r), r.body),
  )
  // the console's 提现审核 (docs/console.md)
  route(app, FUNDS_STAFF.withdrawList, (r) => funds.staffWithdrawals(r.query))
  route(app, FUNDS_STAFF.userLedger, (r) => funds.ledger(r.params.userId, r.query))
  route(app, FUNDS_STAFF.userWallet, (r) => funds.wallet(r.params.userId))
  route(app, FUNDS_STAFF.approve, { message: '已打款' }, (r) =>
    funds.decideWithdrawal(actorOf(r), { withdrawNo: r.body.withdrawNo, approve: true }),
  )
  route(app, FUNDS_STAFF.reject, { message: '已驳回' }, (r) =>
    funds.decideWithdrawal(actorOf(r), {
      withdrawNo: r.body.withdrawNo,
      approve: false,
      reason: r.body.reason,
    }),
  )
  route(app, FUNDS_STAFF.export, { message: '导出成功' }, (r) =>
    funds.exportWithdrawals(uid(r), r.body.status),
  )

  route(app, FUNDS.payNotify, { message: 'success' }, (r) =>
    funds.applyNotification(r.params.channel, r.headers, r.body as unknown),
  )

  // ---------------------------------------------------------------- the sandbox gateway (plays the provider)
  if (!sandbox) return
  const gateway = sandbox
  const actUrl = `/api${FUNDS.sandboxAct.path}`

  /**
   * Who may see a top-up's payment page and pay or fail it: the holder of the link issued to its
   * owner (expires + sig, see gateway.ts), or the owner's own session (Authorization: Bearer, an API
   * client). Anyone else — anonymous, another user, a forged, altered or expired link — is refused
   * with 403 and a page that says why; nothing changes.
   */
  async function authorize(userId: number | null, topupNo: string, expires: unknown, sig: unknown) {
    const topup = await funds.gatewayTopup(topupNo)
    if (!topup || topup.channel !== 'sandbox') return refused(404, REFUSALS.missing)
    const access = gateway.checkoutAccess(topup, expires, sig)
    if (access === 'ok') return allowed(topup, { expires: String(expires), sig: String(sig) })
    if (userId === topup.userId) return allowed(topup, null)
    return refused(403, REFUSALS[access])
  }
  type Topup = NonNullable<Awaited<ReturnType<FundsService['gatewayTopup']>>>
  type Authorized =
    | { ok: true; topup: Topup; proof: { expires: string; sig: string } | null }
    | { ok: false; status: number; refusal: string }
  const allowed = (topup: Topup, proof: { expires: string; sig: string } | null): Authorized => ({
    ok: true,
    topup,
    proof,
  })
  const refused = (status: number, refusal: string): Authorized => ({ ok: false, status, refusal })

  route(app, FUNDS.sandboxCheckout, async (r, reply) => {
    const caller = sessionOrNull(r)?.userId ?? null
    const found = await authorize(caller, r.query.topupNo, r.query.expires, r.query.sig)
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
    if (!found.ok) return reply.code(found.status).send(checkoutPage({ refusal: found.refusal }))
    return reply.send(checkoutPage({ topup: found.topup, actUrl, proof: found.proof }))
  })
  route(app, FUNDS.sandboxAct, async (r, reply) => {
    const caller = sessionOrNull(r)?.userId ?? null
    const found = await authorize(caller, r.body.topupNo, r.body.expires, r.body.sig)
    if (!found.ok)
      return reply
        .code(found.status)
        .type('text/html; charset=utf-8')
        .send(checkoutPage({ refusal: found.refusal }))
    const topup = found.topup
    if (topup.status === 'PENDING') {
      const n = {
        topupNo: topup.topupNo,
        status: r.body.action === 'pay' ? ('PAID' as const) : ('FAILED' as const),
        amount: topup.amount,
      }
      // the provider's asynchronous notification, delivered in-process to the same handler the notify route uses
      await funds.applyNotification('sandbox', { [SANDBOX_SIGNATURE_HEADER]: gateway.sign(n) }, n)
    }
    // back where the top-up was started (recorded with it, a checked same-site path)
    return reply.redirect(returnWithTopup(topup.returnTo, topup.topupNo), 303)
  })
}
