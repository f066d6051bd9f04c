/**
 * Long because it is the one list of the site's pages (a record each): a list, not logic.
 *
 * The site's pages (docs/screens.md): one `definePage` record per address, from which the renderer's
 * routes and lazy pages (app/routes.tsx, app/pages.ts), the README status table
 * (scripts/route-status.ts) and the user centre's menu rows the server seeds (db/seed/index.ts)
 * derive. Plain data: no React, no Node.
 */
import { definePage, type LayoutName, type SiteDirectory } from './define'

/** The user centre's menu directories: a record with `menu` is an item of its path's first segment. */
export const SITE_DIRECTORIES: readonly SiteDirectory[] = [
  { title: '买家中心', path: '/buyer', icon: 'shopping', order: 1 },
  { title: '卖家中心', path: '/seller', icon: 'shop', order: 2 },
  { title: '代售中心', path: '/agencySale', icon: 'link', order: 3 },
  { title: '账户设置', path: '/user', icon: 'user', order: 4 },
  { title: '资金管理', path: '/account', icon: 'money', order: 5 },
  { title: '消息中心', path: '/message', icon: 'message', order: 6 },
]

// what the records of a section share (its README section, its layout, a login where all need one)
const SITE = { area: 'site', section: '主站', layout: 'main' } as const
const AI = { area: 'site', section: 'AI 绘画', layout: 'main' } as const
const BUYER = { area: 'site', section: '买家中心', layout: 'main', auth: true } as const
const SELLER = { area: 'site', section: '卖家中心', layout: 'main', auth: true } as const
const AGENCY = { area: 'site', section: '代售中心', layout: 'main', auth: true } as const
const ACCOUNT = { area: 'site', section: '账号管理', layout: 'main', auth: true } as const
const FUNDS = { area: 'site', section: '资金管理', layout: 'main', auth: true } as const
const PLATFORM = { area: 'site', section: '平台服务', layout: 'main' } as const
const MESSAGES = { area: 'site', section: '消息中心', layout: 'main', auth: true } as const
const STANDALONE = { area: 'site', section: '独立页面', layout: 'standalone' } as const

export const SITE_PAGE_RECORDS = [
  definePage({ ...SITE, path: '/', title: '首页', auth: false, page: 'home/HomePage' }),
  definePage({
    ...SITE,
    path: '/detail/{goodsId}.html',
    routePath: '/detail/:file',
    title: '商品详情',
    auth: false,
    page: 'goods/DetailPage',
  }),
  definePage({
    ...SITE,
    path: '/shop/{shopId}.html',
    routePath: '/shop/:file',
    title: '店铺',
    auth: false,
    page: 'goods/ShopPage',
  }),
  definePage({ ...SITE, path: '/list.html', title: '商品列表', auth: false, page: 'goods/ListPage' }),
  definePage({
    ...SITE,
    path: '/userHome.html',
    title: '个人中心',
    auth: true,
    page: 'account/UserHomePage',
    menuNames: ['userHome', 'user/home'],
  }),
  definePage({ ...SITE, path: '/404.html', title: '页面不存在', auth: false, page: 'errors/NotFoundPage' }),

  definePage({ ...AI, path: '/ai/aiDraw.html', title: 'AI 绘画创作', auth: true, page: 'ai/CreatePage' }),
  definePage({ ...AI, path: '/ai/aiDrawList.html', title: 'AI 画廊', auth: false, page: 'ai/GalleryPage' }),
  definePage({ ...AI, path: '/ai/my.html', title: '我的绘画', auth: true, page: 'ai/MyPage' }),
  definePage({ ...AI, path: '/ai/myCollect.html', title: '我的收藏', auth: true, page: 'ai/FavouritesPage' }),

  definePage({ ...BUYER, path: '/buyer/buy.html', title: '商品下单', page: 'trade/BuyPage' }),
  definePage({
    ...BUYER,
    path: '/buyer/confirmOrder.html',
    title: '确认订单',
    page: 'trade/ConfirmOrderPage',
  }),
  definePage({ ...BUYER, path: '/buyer/pay.html', title: '支付充值', page: 'trade/PayPage' }),
  definePage({ ...BUYER, path: '/buyer/paySuccess.html', title: '支付成功', page: 'trade/PaySuccessPage' }),
  definePage({
    ...BUYER,
    path: '/buyer/buyOrder.html',
    title: '我的订单',
    page: 'trade/BuyOrderPage',
    menu: { icon: 'list', order: 1 },
  }),
  definePage({ ...BUYER, path: '/buyer/orderDetail.html', title: '订单详情', page: 'trade/OrderDetailPage' }),
  definePage({
    ...BUYER,
    path: '/buyer/myReviews.html',
    title: '我的评价',
    page: 'review/MyReviewsPage',
    menu: { icon: 'edit', order: 4 },
  }),
  definePage({
    ...BUYER,
    path: '/buyer/follow.html',
    title: '我的关注',
    page: 'buyer/FollowPage',
    menu: { icon: 'star', order: 2 },
  }),
  definePage({
    ...BUYER,
    path: '/buyer/savedSearch.html',
    title: '订阅搜索',
    page: 'saved-search/SavedSearchPage',
  }),
  definePage({
    ...BUYER,
    path: '/buyer/roleManage.html',
    title: '收货角色管理',
    page: 'trade/RoleManagePage',
    menu: { title: '收货角色', icon: 'peoples', order: 3 },
  }),
  definePage({ ...BUYER, path: '/buyer/games.html', title: '游戏列表', page: 'buyer/GamesPage' }),

  definePage({
    ...SELLER,
    path: '/seller/sellGoods.html',
    title: '我出售的商品',
    page: 'seller/SellGoodsPage',
    menu: { icon: 'goods', order: 1 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/goodsAccountManage.html',
    title: '发货账号管理',
    page: 'seller/GoodsAccountManagePage',
    menu: { icon: 'user', order: 4 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/sellOrder.html',
    title: '我卖出的商品',
    page: 'trade/SellOrderPage',
    menu: { title: '已售订单', icon: 'list', order: 2 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/orderDetail.html',
    title: '订单详情',
    page: 'trade/OrderDetailPage',
  }),
  definePage({
    ...SELLER,
    path: '/seller/myReviews.html',
    title: '收到的评价',
    page: 'review/MyReviewsPage',
    menu: { icon: 'message', order: 3 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/goodsSend.html',
    title: '商品推送',
    page: 'seller/GoodsSendPage',
    menu: { icon: 'guide', order: 5 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/publishSuccessed.html',
    title: '发布成功',
    page: 'seller/PublishSuccessPage',
  }),
  definePage({
    ...SELLER,
    path: '/seller/selectType.html',
    title: '选择商品类型',
    page: 'seller/SelectTypePage',
  }),
  definePage({
    ...SELLER,
    path: '/seller/completeInfo.html',
    title: '填写商品信息',
    page: 'seller/CompleteInfoPage',
  }),
  definePage({
    ...SELLER,
    path: '/seller/busPublish.html',
    title: '批量发布',
    page: 'seller/BatchPublishPage',
    menu: { icon: 'upload', order: 6 },
  }),
  definePage({
    ...SELLER,
    path: '/seller/receivedBids.html',
    title: '收到的出价',
    page: 'seller/ReceivedBidsPage',
  }),

  definePage({
    ...AGENCY,
    path: '/agencySale/agencySaleGoods.html',
    title: '我的代售申请',
    page: 'agency/AgencySaleGoodsPage',
    menu: { title: '我的代售', icon: 'goods', order: 1 },
  }),
  definePage({
    ...AGENCY,
    path: '/agencySale/agencySaleOrder.html',
    title: '我的代售订单',
    page: 'agency/AgencySaleOrderPage',
    menu: { title: '代售订单', icon: 'list', order: 2 },
  }),

  // phoneBind.html and warrant.html carry the payment-password title
  definePage({
    ...ACCOUNT,
    path: '/user/userBase.html',
    title: '个人资料',
    page: 'account/UserBasePage',
    menu: { title: '基本资料', icon: 'form', order: 1 },
  }),
  definePage({
    ...ACCOUNT,
    path: '/user/userCert.html',
    title: '实名认证',
    page: 'account/UserCertPage',
    menu: { icon: 'validCode', order: 2 },
  }),
  definePage({
    ...ACCOUNT,
    path: '/user/loginPass.html',
    title: '修改登录密码',
    page: 'account/LoginPassPage',
    menu: { title: '登录密码', icon: 'password', order: 3 },
  }),
  definePage({
    ...ACCOUNT,
    path: '/user/payPass.html',
    title: '修改支付密码',
    page: 'funds/PayPassPage',
    menu: { title: '支付密码', icon: 'lock', order: 4 },
  }),
  definePage({
    ...ACCOUNT,
    path: '/user/phoneBind.html',
    title: '修改支付密码',
    page: 'account/PhoneBindPage',
  }),
  definePage({
    ...ACCOUNT,
    path: '/user/warrant.html',
    title: '修改支付密码',
    page: 'account/PayPassResetPage',
  }),

  definePage({
    ...FUNDS,
    path: '/account/balance.html',
    title: '我的账户',
    page: 'funds/BalancePage',
    menu: { icon: 'money', order: 1 },
  }),
  definePage({
    ...FUNDS,
    path: '/account/balanceDetail.html',
    title: '收支明细',
    page: 'funds/BalanceDetailPage',
    menu: { icon: 'chart', order: 2 },
  }),

  definePage({
    ...PLATFORM,
    path: '/platform/noticeList.html',
    title: '公告列表',
    auth: false,
    page: 'platform/NoticeListPage',
    menuNames: ['platform/noticeList', 'platform/notice/list'],
  }),
  definePage({
    ...PLATFORM,
    path: '/platform/noticeDetail/{noticeId}.html',
    routePath: '/platform/noticeDetail/:file',
    title: '公告详情',
    auth: false,
    page: 'platform/NoticeDetailPage',
  }),
  definePage({
    ...PLATFORM,
    path: '/platform/feedback.html',
    title: '意见反馈',
    auth: false,
    page: 'platform/FeedbackPage',
  }),
  definePage({
    ...PLATFORM,
    path: '/platform/customServiceVerify.html',
    title: '客服验证',
    auth: false,
    page: 'platform/CsVerifyPage',
  }),
  definePage({
    ...PLATFORM,
    path: '/platform/aiDraw.html',
    title: 'AI 绘画',
    auth: true,
    page: 'ai/PlatformAiPage',
  }),

  definePage({
    ...MESSAGES,
    path: '/message/userMessage.html',
    title: '站内信',
    page: 'messages/MessageCenterPage',
    menu: { icon: 'email', order: 1 },
  }),
  definePage({
    ...MESSAGES,
    path: '/message/officialMessage.html',
    title: '订单消息',
    page: 'messages/MessageCenterPage',
    menu: { icon: 'bell', order: 2 },
  }),
  definePage({ ...MESSAGES, path: '/message/chat.html', title: '咨询', page: 'chat/ChatListPage' }),
  definePage({
    ...MESSAGES,
    path: '/message/chat/{conversationId}.html',
    routePath: '/message/chat/:file',
    title: '咨询详情',
    page: 'chat/ChatPage',
  }),

  definePage({
    ...STANDALONE,
    path: '/offLogin.html',
    title: '扫码登录',
    auth: false,
    page: 'wechat/OffLoginPage',
  }),
  definePage({ ...STANDALONE, path: '/login.html', title: '登录', auth: false, page: 'auth/LoginPage' }),
  definePage({
    ...STANDALONE,
    path: '/register.html',
    title: '注册',
    auth: false,
    page: 'auth/RegisterPage',
  }),
  definePage({ ...STANDALONE, path: '/bind.html', title: '绑定账号', auth: false, page: 'wechat/BindPage' }),
  definePage({
    ...STANDALONE,
    path: '/warrantOrderHandler.html',
    title: '担保订单',
    auth: true,
    page: 'warrant/WarrantPage',
  }),
  definePage({
    ...STANDALONE,
    path: '/walkthrough.html',
    title: '游戏攻略',
    auth: false,
    page: 'platform/WalkthroughPage',
  }),
  definePage({ ...STANDALONE, path: '/love.html', title: '公会助力', auth: false, page: 'love/LovePage' }),
  definePage({
    ...STANDALONE,
    path: '/writeoff.html',
    title: '注销账号',
    auth: true,
    page: 'account/WriteoffPage',
  }),
  definePage({
    ...STANDALONE,
    path: '/record/list.html',
    title: '成交记录',
    auth: false,
    page: 'record/RecordListPage',
  }),
  definePage({
    ...STANDALONE,
    path: '/order/transferCollect.html',
    title: '账号转移信息收集',
    auth: true,
    page: 'trade/TransferCollectPage',
  }),
  definePage({ ...STANDALONE, path: '/login', title: '登录', auth: false, page: 'auth/LoginPage' }),
  definePage({
    ...STANDALONE,
    path: '/my/center',
    title: '个人中心',
    auth: true,
    redirect: '/userHome.html',
  }),
  definePage({
    ...STANDALONE,
    path: '/my/setting',
    title: '账号设置',
    auth: true,
    page: 'account/SettingPage',
  }),
  definePage({ ...STANDALONE, path: '/index', title: '首页', auth: false, redirect: '/' }),
  // the desktop client's compact window (docs/desktop.md); in a browser a plain page
  definePage({
    ...STANDALONE,
    path: '/desktop/workbench',
    title: '卖家工作台',
    auth: true,
    page: 'desktop/WorkbenchPage',
  }),
  // the built-in customer-service conversation (docs/customer-service.md): the desktop client's
  // customer-service window; the web opens it in a panel over the page, this page is its own address
  definePage({
    ...STANDALONE,
    path: '/service/chat.html',
    title: '在线客服',
    auth: true,
    page: 'service/CsChatPage',
  }),
]

/** The module of a built page (its file under src/renderer/src/features, without the extension). */
export type PageKey = NonNullable<(typeof SITE_PAGE_RECORDS)[number]['page']>

/** The address unknown paths are sent to. */
export const NOT_FOUND_PATH = '/404.html'

/**
 * A route of the table, as the router, the guard and the README read it: `routePath` filled in,
 * `built` when the page does its job (a page or a redirect; otherwise its title and 建设中).
 */
export interface RouteEntry {
  path: string
  routePath: string
  title: string
  auth: boolean
  built: boolean
  layout: LayoutName
  section: string
  page?: PageKey
  redirect?: string
}

/** The one route table (docs/screens.md), in the records' order. */
export const SITE_ROUTES: readonly RouteEntry[] = SITE_PAGE_RECORDS.map((record) => ({
  path: record.path,
  routePath: record.routePath ?? record.path,
  title: record.title,
  auth: record.auth,
  built: Boolean(record.page || record.redirect),
  layout: record.layout,
  section: record.section,
  ...(record.page ? { page: record.page } : {}),
  ...(record.redirect ? { redirect: record.redirect } : {}),
}))

/** A user centre menu item: its record's page, title and place, under its directory. */
export interface SiteMenuItem {
  title: string
  /** the row's path: the address's last segment */
  path: string
  /** the row's component: the address without its leading slash and `.html` (buyer/buyOrder) */
  component: string
  icon: string
  order: number
}

/**
 * The user centre's menu tree, seeded for every user: the directories and their records' items. A
 * function, so the renderer's bundle (which never asks) leaves it out.
 */
export function siteMenus(): Array<SiteDirectory & { children: SiteMenuItem[] }> {
  return [...SITE_DIRECTORIES]
    .sort((a, b) => a.order - b.order)
    .map((dir) => ({
      ...dir,
      children: SITE_PAGE_RECORDS.flatMap((record) =>
        record.menu && record.path.startsWith(`${dir.path}/`)
          ? [
              {
                title: record.menu.title ?? record.title,
                path: record.path.slice(dir.path.length + 1),
                component: record.path.slice(1).replace(/\.html$/, ''),
                icon: record.menu.icon,
                order: record.menu.order,
              },
            ]
          : [],
      ).sort((a, b) => a.order - b.order),
    }))
}
