/** Dictionaries and system parameters (the menus of getRouters come from src/shared/pages/). */
import { GOODS_STATUS_LABELS, GOODS_TYPE_LABELS } from '../../../shared/api/goods'
import { NOTICE_TYPE_LABELS } from '../../../shared/api/notice'
import { ORDER_STATUS_LABELS } from '../../../shared/api/trade'
import { BID_CONFIG, BID_LIMITS } from '../../../shared/api/bid'
import { TOPUP_HOLD_DEFAULT_HOURS, TOPUP_HOLD_KEY } from '../../../shared/rules/withdraw-quote'
import { SERVICE_HOURS, SITE_NAME, SITE_SUBTITLE } from '../../../shared/constants'
import { labelDict, type DictEntries } from './console'

/** [value, label, listClass] per dictionary type; the first entry is the default. */
export const DICTS: Record<string, DictEntries> = {
  sys_user_sex: [
    ['0', '男', ''],
    ['1', '女', ''],
    ['2', '未知', ''],
  ],
  sys_normal_disable: [
    ['0', '正常', 'primary'],
    ['1', '停用', 'danger'],
  ],
  sys_yes_no: [
    ['Y', '是', 'primary'],
    ['N', '否', 'danger'],
  ],
  goods_type: labelDict(GOODS_TYPE_LABELS, {
    ACCOUNT: 'primary',
    COIN: 'success',
    ITEM: 'warning',
    RECHARGE: 'info',
  }),
  goods_status: labelDict(GOODS_STATUS_LABELS, {
    AUDITING: 'warning',
    ON_SALE: 'success',
    OFF_SHELF: 'info',
    SOLD: 'primary',
  }),
  // the console says 已支付 where the parties read 已支付/待发货
  order_status: labelDict(
    ORDER_STATUS_LABELS,
    {
      UNPAID: 'warning',
      PAID: 'primary',
      DELIVERING: 'primary',
      TO_CONFIRM: 'warning',
      COMPLETED: 'success',
      SETTLED: 'success',
      CANCELLED: 'info',
      REFUNDING: 'danger',
      REFUNDED: 'info',
      ARBITRATING: 'danger',
    },
    { PAID: '已支付' },
  ),
  message_type: [
    ['SYSTEM', '站内信', 'primary'],
    ['ORDER', '订单消息', 'success'],
  ],
  // the console says 通知 and 公告 where the site reads 平台通知 and 网站公告
  notice_type: labelDict(
    NOTICE_TYPE_LABELS,
    { GUIDE: 'primary', AGREEMENT: 'info', NOTICE: 'warning', ANNOUNCEMENT: 'success' },
    { NOTICE: '通知', ANNOUNCEMENT: '公告' },
  ),
  platform: [
    ['PC', '电脑端', ''],
    ['iOS', '苹果', ''],
    ['Android', '安卓', ''],
  ],
}

/** [key, value, name]; sys.account.captchaEnabled is rewritten from the server setting at each start. */
export const CONFIGS: Array<[string, string, string]> = [
  ['sys.account.captchaEnabled', 'true', '账号自助-验证码开关'],
  ['sys.account.registerUser', 'true', '账号自助-是否开启用户注册功能'],
  ['site.name', SITE_NAME, '站点名称'],
  ['site.subtitle', SITE_SUBTITLE, '站点副标题'],
  ['cs.serviceHours', SERVICE_HOURS.label.replace(/ /g, ''), '客服工作时间'],
  // 在线客服 is built in; the external widget only with cs.provider = widget and a real address
  // (docs/customer-service.md): no placeholder, so an unconfigured widget is never shown
  ['cs.provider', 'builtin', '在线客服方式'],
  ['cs.serviceUrl', '', '在线客服地址'],
  ['cs.customerId', '', '在线客服企业编号'],
  // empty until a real provider is configured: the header shows the link only when it is set
  ['third.loginUrl', '', '第三方登录地址'],
  // fen; 0: every withdrawal waits for staff (docs/payments.md, "Payouts")
  ['funds.withdraw.autoApproveMax', '0', '提现-自动审核打款上限（分，0 为关闭）'],
  // hours after its payment before unspent top-up money may go back to its channel (docs/trading-rules.md, "Withdrawals")
  [TOPUP_HOLD_KEY, String(TOPUP_HOLD_DEFAULT_HOURS), '提现-充值未消费资金原路退回等待时长（小时）'],
  // percent of the price; a listing's seller may set their own minimum (docs/trading-rules.md, "Bids")
  [
    BID_CONFIG.floorPercent,
    String(BID_LIMITS.defaultFloorPercent),
    '议价-最低出价默认比例（售价的百分比，0 为不限）',
  ],
]
