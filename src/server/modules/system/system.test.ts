import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterItem } from '../../../shared/api'
import { MSG } from '../../../shared/messages'
import { DEMO, call, startTestApp, tokenOf, type TestApp } from '../../test-utils'

describe('system: routers, dictionaries, parameters', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('builds the menu tree of the user roles; 系统管理 only for admin', async () => {
    const buyer = await call(t.app, 'GET', '/api/getRouters', { token: await tokenOf(t.app, ...DEMO.buyer) })
    expect(buyer.code).toBe(200)
    const titles = (items: RouterItem[]) => items.map((item) => item.meta?.title)
    expect(titles(buyer.data)).toEqual([
      '买家中心',
      '卖家中心',
      '代售中心',
      '账户设置',
      '资金管理',
      '消息中心',
    ])
    expect(buyer.data[0]).toMatchObject({
      name: 'Buyer',
      path: '/buyer',
      component: 'Layout',
      redirect: 'noRedirect',
      alwaysShow: true,
      hidden: false,
    })
    expect(buyer.data[0].children[0]).toEqual({
      name: 'BuyerBuyOrder',
      path: 'buyOrder.html',
      hidden: false,
      component: 'buyer/buyOrder',
      meta: { title: '我的订单', icon: 'list', noCache: false, link: null },
    })

    const admin = await call(t.app, 'GET', '/api/getRouters', { token: await tokenOf(t.app, ...DEMO.admin) })
    expect(titles(admin.data)).toContain('系统管理')
    expect(await call(t.app, 'GET', '/api/getRouters')).toMatchObject({ code: 401 })
  })

  it('gives staff the 平台运营 pages their permissions allow (运营 all of them, 客服 feedback and contacts)', async () => {
    const pagesOf = async (who: readonly [string, string]) => {
      const res = await call(t.app, 'GET', '/api/getRouters', { token: await tokenOf(t.app, ...who) })
      const platform = (res.data as RouterItem[]).find((item) => item.meta?.title === '平台运营')
      return (platform?.children ?? []).map((item) => `${item.meta?.title}:${item.component}`)
    }
    const all = [
      '实名审核:RealNameReview',
      '反馈处理:FeedbackHandling',
      '客服账号:CsContacts',
      'AI 作品管理:AiWorks',
      '公会助力:LoveManage',
      '评价管理:ReviewManage',
    ]
    expect(await pagesOf(DEMO.admin)).toEqual(all)
    expect(await pagesOf(DEMO.operator)).toEqual(all)
    expect(await pagesOf(DEMO.kefu)).toEqual(['反馈处理:FeedbackHandling', '客服账号:CsContacts'])
    expect(await pagesOf(DEMO.buyer)).toEqual([])
  })

  it('answers a dictionary in sort order, publicly', async () => {
    const res = await call(t.app, 'GET', '/api/system/dict/data/type/order_status')
    expect(res.code).toBe(200)
    expect(res.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual([
      '待支付',
      '已支付',
      '交付中',
      '待确认',
      '已完成',
      '已结算',
      '已取消',
      '退款中',
      '已退款',
      '仲裁中',
    ])
    expect(res.data[0]).toMatchObject({
      dictType: 'order_status',
      dictValue: 'UNPAID',
      isDefault: 'Y',
      listClass: 'warning',
    })
    for (const type of [
      'sys_user_sex',
      'sys_normal_disable',
      'sys_yes_no',
      'goods_type',
      'goods_status',
      'message_type',
      'notice_type',
      'platform',
    ]) {
      expect(
        (await call(t.app, 'GET', `/api/system/dict/data/type/${type}`)).data.length,
        type,
      ).toBeGreaterThan(1)
    }
    expect(await call(t.app, 'GET', '/api/system/dict/data/type/no_such_dict')).toMatchObject({
      code: 200,
      data: [],
    })
    expect(await call(t.app, 'GET', '/api/system/dict/data/type/Bad-Type')).toMatchObject({
      code: 400,
      msg: '字典类型格式不正确',
    })
  })

  it('answers public parameters in msg and data, and nothing else', async () => {
    expect(await call(t.app, 'GET', '/api/system/config/configKey/cs.serviceHours')).toEqual({
      code: 200,
      msg: '10:00-22:30',
      data: '10:00-22:30',
    })
    // no third-party login provider is configured in the demo data: empty, so the header hides the link
    expect((await call(t.app, 'GET', '/api/system/config/configKey/third.loginUrl')).data).toBe('')
    await t.app.db
      .insertInto('sys_config')
      .values({ config_key: 'mail.smtp.password', config_value: 'secret', config_name: '邮件密码' })
      .execute()
    expect(await call(t.app, 'GET', '/api/system/config/configKey/mail.smtp.password')).toMatchObject({
      code: 404,
      msg: MSG.NOT_FOUND,
    })
  })
})
