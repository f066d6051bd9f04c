/** The WeChat Pay simulator's bill API: the trade bill's download URL and the file itself (wechatpay-bill.ts). */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { tradeBill } from './wechatpay-bill'
import { ApiError, type Json, type WechatpaySim, type apiRoutes } from './wechatpay-common'
import { checkAuthorization, nonce } from './wechatpay-protocol'

export function wechatpayBillApi(
  app: FastifyInstance,
  sim: WechatpaySim,
  { api, send }: ReturnType<typeof apiRoutes>,
) {
  const { options, now, store, baseOf } = sim
  app.get(
    '/v3/bill/tradebill',
    api((req) => {
      const q = req.query as Json
      const day = q.bill_date
      if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
        throw new ApiError(400, 'PARAM_ERROR', '输入源“/query/bill_date”映射到字段“账单日期”格式不正确')
      const text = tradeBill(store, day, { appid: options.appId, mchid: options.mchId })
      if (text === null) throw new ApiError(400, 'NO_STATEMENT_EXIST', '账单文件不存在')
      const token = nonce(40)
      store.insertToken(token, day, typeof q.bill_type === 'string' ? q.bill_type : 'ALL')
      return {
        data: {
          hash_type: 'SHA1',
          hash_value: createHash('sha1').update(text, 'utf8').digest('hex'),
          download_url: `${baseOf(req)}/v3/billdownload/file?token=${token}`,
        },
      }
    }),
  )
  // the file itself is not signed (WeChat does not sign downloads); the request still is
  app.get('/v3/billdownload/file', async (req, reply) => {
    const why = checkAuthorization(
      req.headers.authorization,
      { method: 'GET', url: req.url, body: '' },
      { mchid: options.mchId, serial: options.merchantSerial ?? '', publicKey: options.merchantPublicKey },
      now(),
    )
    if (why) return send(reply, 401, { code: 'SIGN_ERROR', message: why })
    const found = store.token(String((req.query as Json).token ?? ''))
    if (!found) return send(reply, 400, { code: 'PARAM_ERROR', message: 'token无效' })
    const text = tradeBill(store, found.day, { appid: options.appId, mchid: options.mchId }) ?? ''
    return reply.type('text/plain; charset=utf-8').send(Buffer.from(text, 'utf8'))
  })
}
