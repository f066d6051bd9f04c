import { FUNDS_STAFF } from '../../../shared/api/funds'
import { actorOf } from '../oplog/service'
import type { FastifyPluginAsync } from 'fastify'
import { FUNDS } from '../../../shared/api'
import { route, uid } from '../../http/route'
import type { FundsService } from './service'

export const fundsRoutes: FastifyPluginAsync<{ funds: FundsService }> = async (app, { funds }) => {
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
  route(app, FUNDS.withdrawInfo, (r) => funds.withdrawInfo(uid(r)))
  route(app, FUNDS.topupRefund, { message: '已提交原路退回' }, (r) =>
    funds.refundUnspentTopups(uid(r), r.body),
  )
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
}
