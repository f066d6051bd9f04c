/** The Alipay simulator's payouts (alipay.fund.trans.*) and bills (the download URL and the file). */
import type { FastifyInstance } from 'fastify'
import { billHasLines, billZip, chinaDayRange, chinaTime, type BillInput, type BillType } from './alipay-bill'
import {
  digits,
  fenOf,
  invalid,
  ok,
  Refusal,
  refused,
  stamp,
  text,
  yuan,
  type AlipaySim,
  type Answer,
  type Method,
} from './alipay-common'
import type { TransferStatus } from './alipay-store'

export function transferAndBillMethods(sim: AlipaySim): Record<string, Method> {
  const { store, now, options, baseOf } = sim
  return {
    'alipay.fund.trans.uni.transfer': (biz) =>
      store.transaction(() => {
        const outBizNo = text(biz.out_biz_no)
        if (!outBizNo) throw new Refusal(invalid('isv.missing-parameter', '缺少参数 out_biz_no'))
        const earlier = store.transfer(outBizNo)
        if (earlier) return transferAnswer(earlier)
        if (biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || biz.biz_scene !== 'DIRECT_TRANSFER')
          throw new Refusal(invalid('isv.invalid-parameter', 'product_code 或 biz_scene 不合法'))
        const payee = (biz.payee_info ?? {}) as Answer
        if (payee.identity_type !== 'ALIPAY_LOGON_ID' || !payee.identity)
          throw new Refusal(invalid('isv.invalid-parameter', 'payee_info 不合法'))
        const amount = fenOf(biz.trans_amount, 'trans_amount')
        if (amount < 10) throw new Refusal(refused('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元'))
        const identity = text(payee.identity)
        const name = text(payee.name)
        if (!name)
          throw new Refusal(refused('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确'))
        if (options.payees) {
          const known = options.payees[identity]
          if (known === undefined) throw new Refusal(refused('PAYEE_NOT_EXIST', '收款账号不存在'))
          if (known !== name)
            throw new Refusal(refused('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确'))
        }
        const at = now()
        const transfer = {
          out_biz_no: outBizNo,
          order_id: `${stamp(at)}1100700${digits(13)}`,
          pay_fund_order_id: `${stamp(at)}1100300${digits(13)}`,
          amount,
          identity,
          name,
          title: text(biz.order_title),
          status: (options.payoutOutcome ?? 'SUCCESS') as TransferStatus,
          fail_reason: null,
          at,
        }
        store.insertTransfer(transfer)
        return transferAnswer(transfer)
      }),
    'alipay.fund.trans.common.query': (biz) => {
      const t = biz.order_id
        ? store.transferByOrder(text(biz.order_id))
        : store.transfer(text(biz.out_biz_no))
      if (!t) throw new Refusal(refused('ORDER_NOT_EXIST', '转账订单不存在'))
      return ok({
        order_id: t.order_id,
        pay_fund_order_id: t.pay_fund_order_id,
        out_biz_no: t.out_biz_no,
        trans_amount: yuan(t.amount),
        status: t.status,
        ...(t.status === 'SUCCESS' ? { pay_date: chinaTime(t.at) } : {}),
        ...(t.fail_reason ? { fail_reason: t.fail_reason, error_code: 'PAYEE_ACCOUNT_STATUS_ERROR' } : {}),
      })
    },
    'alipay.data.dataservice.bill.downloadurl.query': (biz, _params, req) => {
      const type = text(biz.bill_type) as BillType
      const day = text(biz.bill_date)
      if (type !== 'trade' && type !== 'signcustomer')
        throw new Refusal(invalid('isv.invalid-parameter', '参数 bill_type 不合法'))
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
        throw new Refusal(invalid('isv.invalid-parameter', '参数 bill_date 不合法'))
      if (!billHasLines(billInput(sim, day), type))
        throw new Refusal(refused('isp.bill_not_exist', '账单不存在'))
      const q = new URLSearchParams({
        bizType: type,
        bizDates: day.replaceAll('-', ''),
        fileType: 'csv.zip',
      })
      return ok({ bill_download_url: `${baseOf(req)}/downloadBillFile.resource?${q}` })
    },
  }
}

const transferAnswer = (t: {
  out_biz_no: string
  order_id: string
  pay_fund_order_id: string
  status: string
  at: number
}) =>
  ok({
    out_biz_no: t.out_biz_no,
    order_id: t.order_id,
    pay_fund_order_id: t.pay_fund_order_id,
    status: t.status,
    trans_date: chinaTime(t.at),
  })

export function billInput(sim: AlipaySim, day: string): BillInput {
  const { store, now, sellerId } = sim
  const [from, to] = chinaDayRange(day)
  return {
    pid: sellerId,
    day,
    trades: store.tradesPaidBetween(from, to),
    refunds: store.refundsBetween(from, to),
    transfers: store.transfersBetween(from, to),
    tweaks: store.tweaksOf(day),
    now: now(),
  }
}

/** the bill file itself, at the URL alipay.data.dataservice.bill.downloadurl.query gives */
export function billDownloadRoute(app: FastifyInstance, sim: AlipaySim) {
  app.get<{ Querystring: { bizType?: string; bizDates?: string } }>(
    '/downloadBillFile.resource',
    async (req, reply) => {
      const type = req.query.bizType as BillType
      const dates = req.query.bizDates ?? ''
      if ((type !== 'trade' && type !== 'signcustomer') || !/^\d{8}$/.test(dates))
        return reply.code(404).send('bill not found')
      const day = `${dates.slice(0, 4)}-${dates.slice(4, 6)}-${dates.slice(6)}`
      const { fileName, zip } = billZip(billInput(sim, day), type)
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(zip)
    },
  )
}
