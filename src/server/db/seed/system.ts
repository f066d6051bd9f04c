/** Dictionaries and system parameters (the menus of getRouters come from src/shared/pages/). */
import { SERVICE_HOURS, SITE_NAME, SITE_SUBTITLE } from '../../../shared/constants'

/** [value, label, listClass] per dictionary type; the first entry is the default. */
export const DICTS: Record<string, Array<[string, string, string]>> = {
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
  goods_type: [
    ['ACCOUNT', '账号', 'primary'],
    ['COIN', '游戏币', 'success'],
    ['ITEM', '道具', 'warning'],
    ['RECHARGE', '代充', 'info'],
  ],
  goods_status: [
    ['AUDITING', '审核中', 'warning'],
    ['ON_SALE', '在售', 'success'],
    ['OFF_SHELF', '已下架', 'info'],
    ['SOLD', '已售出', 'primary'],
  ],
  order_status: [
    ['UNPAID', '待支付', 'warning'],
    ['PAID', '已支付', 'primary'],
    ['DELIVERING', '交付中', 'primary'],
    ['TO_CONFIRM', '待确认', 'warning'],
    ['COMPLETED', '已完成', 'success'],
    ['SETTLED', '已结算', 'success'],
    ['CANCELLED', '已取消', 'info'],
    ['REFUNDING', '退款中', 'danger'],
    ['REFUNDED', '已退款', 'info'],
    ['ARBITRATING', '仲裁中', 'danger'],
  ],
  message_type: [
    ['SYSTEM', '站内信', 'primary'],
    ['ORDER', '订单消息', 'success'],
  ],
  notice_type: [
    ['GUIDE', '操作指南', 'primary'],
    ['AGREEMENT', '协议规则', 'info'],
    ['NOTICE', '通知', 'warning'],
    ['ANNOUNCEMENT', '公告', 'success'],
  ],
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
  ['cs.serviceUrl', 'https://kefu.example.com/chat', '在线客服地址'],
  ['cs.customerId', 'yxys-web-001', '在线客服企业编号'],
  // empty until a real provider is configured: the header shows the link only when it is set
  ['third.loginUrl', '', '第三方登录地址'],
]
