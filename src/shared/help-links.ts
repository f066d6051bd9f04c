/**
 * The footer's help links and the notices behind them (fixed notice ids).
 * The server seeds one notice per entry with this id; the footer links to /platform/noticeDetail/{id}.html.
 */
import type { NoticeType } from './api/notice'

export interface HelpLink {
  noticeId: number
  title: string
  group: '新手入门' | '买家帮助' | '卖家帮助' | '账户安全' | '协议规则'
  noticeType: NoticeType
}

export const HELP_LINKS: readonly HelpLink[] = [
  { noticeId: 2, title: '注册账号', group: '新手入门', noticeType: 'GUIDE' },
  { noticeId: 31, title: '快捷登录', group: '新手入门', noticeType: 'GUIDE' },
  { noticeId: 32, title: '如何购买', group: '买家帮助', noticeType: 'GUIDE' },
  { noticeId: 34, title: '如何出价', group: '买家帮助', noticeType: 'GUIDE' },
  { noticeId: 36, title: '下单与支付', group: '买家帮助', noticeType: 'GUIDE' },
  { noticeId: 39, title: '查看订单', group: '买家帮助', noticeType: 'GUIDE' },
  { noticeId: 33, title: '如何出售', group: '卖家帮助', noticeType: 'GUIDE' },
  { noticeId: 37, title: '商品管理', group: '卖家帮助', noticeType: 'GUIDE' },
  { noticeId: 40, title: '商品推送', group: '卖家帮助', noticeType: 'GUIDE' },
  { noticeId: 41, title: '基本资料', group: '账户安全', noticeType: 'GUIDE' },
  { noticeId: 42, title: '登录密码', group: '账户安全', noticeType: 'GUIDE' },
  { noticeId: 43, title: '支付密码', group: '账户安全', noticeType: 'GUIDE' },
  { noticeId: 44, title: '实名认证', group: '账户安全', noticeType: 'GUIDE' },
  { noticeId: 45, title: '更换手机', group: '账户安全', noticeType: 'GUIDE' },
  { noticeId: 30, title: '用户协议', group: '协议规则', noticeType: 'AGREEMENT' },
  { noticeId: 46, title: '买家协议', group: '协议规则', noticeType: 'AGREEMENT' },
  { noticeId: 50, title: '卖家协议', group: '协议规则', noticeType: 'AGREEMENT' },
  { noticeId: 61, title: '隐私协议', group: '协议规则', noticeType: 'AGREEMENT' },
  { noticeId: 29, title: '免责声明', group: '协议规则', noticeType: 'AGREEMENT' },
  { noticeId: 62, title: '作品投稿', group: '协议规则', noticeType: 'GUIDE' },
]

export const noticeDetailPath = (noticeId: number) => `/platform/noticeDetail/${noticeId}.html`
