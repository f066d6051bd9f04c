/** Demo dictionaries, system parameters and the menu tree of getRouters. */
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

export interface SeedMenu {
  name: string
  path: string
  component: string
  icon: string
  children?: SeedMenu[]
  /** only the admin role sees it (admin sees every menu anyway) */
  adminOnly?: boolean
}

const page = (name: string, path: string, component: string, icon: string): SeedMenu => ({
  name,
  path,
  component,
  icon,
})

export const MENUS: SeedMenu[] = [
  {
    name: '买家中心',
    path: '/buyer',
    component: 'Layout',
    icon: 'shopping',
    children: [
      page('我的订单', 'buyOrder.html', 'buyer/buyOrder', 'list'),
      page('我的关注', 'follow.html', 'buyer/follow', 'star'),
      page('收货角色', 'roleManage.html', 'buyer/roleManage', 'peoples'),
      page('我的评价', 'myReviews.html', 'buyer/myReviews', 'edit'),
    ],
  },
  {
    name: '卖家中心',
    path: '/seller',
    component: 'Layout',
    icon: 'shop',
    children: [
      page('我出售的商品', 'sellGoods.html', 'seller/sellGoods', 'goods'),
      page('已售订单', 'sellOrder.html', 'seller/sellOrder', 'list'),
      page('收到的评价', 'myReviews.html', 'seller/myReviews', 'message'),
      page('发货账号管理', 'goodsAccountManage.html', 'seller/goodsAccountManage', 'user'),
      page('商品推送', 'goodsSend.html', 'seller/goodsSend', 'guide'),
      page('批量发布', 'busPublish.html', 'seller/busPublish', 'upload'),
    ],
  },
  {
    name: '代售中心',
    path: '/agencySale',
    component: 'Layout',
    icon: 'link',
    children: [
      page('我的代售', 'agencySaleGoods.html', 'agencySale/agencySaleGoods', 'goods'),
      page('代售订单', 'agencySaleOrder.html', 'agencySale/agencySaleOrder', 'list'),
    ],
  },
  {
    name: '账户设置',
    path: '/user',
    component: 'Layout',
    icon: 'user',
    children: [
      page('基本资料', 'userBase.html', 'user/userBase', 'form'),
      page('实名认证', 'userCert.html', 'user/userCert', 'validCode'),
      page('登录密码', 'loginPass.html', 'user/loginPass', 'password'),
      page('支付密码', 'payPass.html', 'user/payPass', 'lock'),
    ],
  },
  {
    name: '资金管理',
    path: '/account',
    component: 'Layout',
    icon: 'money',
    children: [
      page('我的账户', 'balance.html', 'account/balance', 'money'),
      page('收支明细', 'balanceDetail.html', 'account/balanceDetail', 'chart'),
    ],
  },
  {
    name: '消息中心',
    path: '/message',
    component: 'Layout',
    icon: 'message',
    children: [
      page('站内信', 'userMessage.html', 'message/userMessage', 'email'),
      page('订单消息', 'officialMessage.html', 'message/officialMessage', 'bell'),
    ],
  },
]
