/**
 * The one route table (docs/screens.md) — plain data, no React, so scripts can print it (README status
 * table) and tests can check it. app/routes.tsx turns it into the router.
 *
 * - `path`: the address as docs/screens.md writes it ({goodsId} placeholders included);
 * - `routePath`: the react-router pattern. React Router cannot match `:id.html` inside one segment,
 *   so `/detail/{goodsId}.html` is matched as `/detail/:file` and the page parses the id from `file`;
 * - `auth`: the page needs a login (the guard shows 请先登录！ and sends the user to the login page);
 * - `built`: the page does its job; false pages show their title and a 建设中 notice;
 * - `page`: which built page renders it (see app/pages.ts); `redirect`: the route only redirects.
 */

export type LayoutName = 'main' | 'standalone'

export type PageKey =
  | 'home'
  | 'login'
  | 'register'
  | 'notFound'
  | 'noticeList'
  | 'noticeDetail'
  | 'csVerify'
  | 'feedback'
  | 'walkthrough'
  | 'love'
  | 'userHome'
  | 'goodsList'
  | 'goodsDetail'
  | 'shop'
  | 'follow'
  | 'savedSearch'
  | 'games'
  | 'sellGoods'
  | 'goodsAccountManage'
  | 'goodsSend'
  | 'publishSuccess'
  | 'selectType'
  | 'completeInfo'
  | 'batchPublish'
  | 'agencySaleGoods'
  | 'agencySaleOrder'
  | 'buy'
  | 'confirmOrder'
  | 'pay'
  | 'paySuccess'
  | 'buyOrder'
  | 'sellOrder'
  | 'orderDetail'
  | 'myReviews'
  | 'roleManage'
  | 'transferCollect'
  | 'warrant'
  | 'balance'
  | 'balanceDetail'
  | 'payPass'
  | 'priceRecords'
  | 'messages'
  | 'chatList'
  | 'chat'
  | 'aiDraw'
  | 'aiGallery'
  | 'aiMy'
  | 'aiCollect'
  | 'aiPlatform'
  | 'offLogin'
  | 'bind'
  | 'userBase'
  | 'userCert'
  | 'loginPass'
  | 'phoneBind'
  | 'payPassReset'
  | 'accountSetting'
  | 'writeoff'
  | 'receivedBids'
  | 'workbench'

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

type Options = Partial<Pick<RouteEntry, 'page' | 'redirect' | 'routePath'>>

function route(
  section: string,
  layout: LayoutName,
  path: string,
  title: string,
  auth: boolean,
  options: Options = {},
): RouteEntry {
  const built = Boolean(options.page || options.redirect)
  return {
    path,
    routePath: options.routePath ?? path,
    title,
    auth,
    built,
    layout,
    section,
    ...(options.page ? { page: options.page } : {}),
    ...(options.redirect ? { redirect: options.redirect } : {}),
  }
}

const main = (section: string, path: string, title: string, auth: boolean, options?: Options) =>
  route(section, 'main', path, title, auth, options)
const standalone = (section: string, path: string, title: string, auth: boolean, options?: Options) =>
  route(section, 'standalone', path, title, auth, options)

export const ROUTES: readonly RouteEntry[] = [
  // main layout
  main('主站', '/', '首页', false, { page: 'home' }),
  main('主站', '/detail/{goodsId}.html', '商品详情', false, {
    routePath: '/detail/:file',
    page: 'goodsDetail',
  }),
  main('主站', '/shop/{shopId}.html', '店铺', false, { routePath: '/shop/:file', page: 'shop' }),
  main('主站', '/list.html', '商品列表', false, { page: 'goodsList' }),
  main('主站', '/userHome.html', '个人中心', true, { page: 'userHome' }),
  main('主站', '/404.html', '页面不存在', false, { page: 'notFound' }),

  // AI drawing
  main('AI 绘画', '/ai/aiDraw.html', 'AI 绘画创作', true, { page: 'aiDraw' }),
  main('AI 绘画', '/ai/aiDrawList.html', 'AI 画廊', false, { page: 'aiGallery' }),
  main('AI 绘画', '/ai/my.html', '我的绘画', true, { page: 'aiMy' }),
  main('AI 绘画', '/ai/myCollect.html', '我的收藏', true, { page: 'aiCollect' }),

  // buyer centre
  main('买家中心', '/buyer/buy.html', '商品下单', true, { page: 'buy' }),
  main('买家中心', '/buyer/confirmOrder.html', '确认订单', true, { page: 'confirmOrder' }),
  main('买家中心', '/buyer/pay.html', '支付充值', true, { page: 'pay' }),
  main('买家中心', '/buyer/paySuccess.html', '支付成功', true, { page: 'paySuccess' }),
  main('买家中心', '/buyer/buyOrder.html', '我的订单', true, { page: 'buyOrder' }),
  main('买家中心', '/buyer/orderDetail.html', '订单详情', true, { page: 'orderDetail' }),
  main('买家中心', '/buyer/myReviews.html', '我的评价', true, { page: 'myReviews' }),
  main('买家中心', '/buyer/follow.html', '我的关注', true, { page: 'follow' }),
  main('买家中心', '/buyer/savedSearch.html', '订阅搜索', true, { page: 'savedSearch' }),
  main('买家中心', '/buyer/roleManage.html', '收货角色管理', true, { page: 'roleManage' }),
  main('买家中心', '/buyer/games.html', '游戏列表', true, { page: 'games' }),

  // seller centre
  main('卖家中心', '/seller/sellGoods.html', '我出售的商品', true, { page: 'sellGoods' }),
  main('卖家中心', '/seller/goodsAccountManage.html', '发货账号管理', true, { page: 'goodsAccountManage' }),
  main('卖家中心', '/seller/sellOrder.html', '我卖出的商品', true, { page: 'sellOrder' }),
  main('卖家中心', '/seller/orderDetail.html', '订单详情', true, { page: 'orderDetail' }),
  main('卖家中心', '/seller/myReviews.html', '收到的评价', true, { page: 'myReviews' }),
  main('卖家中心', '/seller/goodsSend.html', '商品推送', true, { page: 'goodsSend' }),
  main('卖家中心', '/seller/publishSuccessed.html', '发布成功', true, { page: 'publishSuccess' }),
  main('卖家中心', '/seller/selectType.html', '选择商品类型', true, { page: 'selectType' }),
  main('卖家中心', '/seller/completeInfo.html', '填写商品信息', true, { page: 'completeInfo' }),
  main('卖家中心', '/seller/busPublish.html', '批量发布', true, { page: 'batchPublish' }),
  main('卖家中心', '/seller/receivedBids.html', '收到的出价', true, { page: 'receivedBids' }),

  // agency sale
  main('代售中心', '/agencySale/agencySaleGoods.html', '我的代售申请', true, { page: 'agencySaleGoods' }),
  main('代售中心', '/agencySale/agencySaleOrder.html', '我的代售订单', true, { page: 'agencySaleOrder' }),

  // account (phoneBind.html and warrant.html carry the payment-password title)
  main('账号管理', '/user/userBase.html', '个人资料', true, { page: 'userBase' }),
  main('账号管理', '/user/userCert.html', '实名认证', true, { page: 'userCert' }),
  main('账号管理', '/user/loginPass.html', '修改登录密码', true, { page: 'loginPass' }),
  main('账号管理', '/user/payPass.html', '修改支付密码', true, { page: 'payPass' }),
  main('账号管理', '/user/phoneBind.html', '修改支付密码', true, { page: 'phoneBind' }),
  main('账号管理', '/user/warrant.html', '修改支付密码', true, { page: 'payPassReset' }),

  // funds
  main('资金管理', '/account/balance.html', '我的账户', true, { page: 'balance' }),
  main('资金管理', '/account/balanceDetail.html', '收支明细', true, { page: 'balanceDetail' }),

  // platform
  main('平台服务', '/platform/noticeList.html', '公告列表', false, { page: 'noticeList' }),
  main('平台服务', '/platform/noticeDetail/{noticeId}.html', '公告详情', false, {
    page: 'noticeDetail',
    routePath: '/platform/noticeDetail/:file',
  }),
  main('平台服务', '/platform/feedback.html', '意见反馈', false, { page: 'feedback' }),
  main('平台服务', '/platform/customServiceVerify.html', '客服验证', false, { page: 'csVerify' }),
  main('平台服务', '/platform/aiDraw.html', 'AI 绘画', true, { page: 'aiPlatform' }),

  // messages
  main('消息中心', '/message/userMessage.html', '站内信', true, { page: 'messages' }),
  main('消息中心', '/message/officialMessage.html', '订单消息', true, { page: 'messages' }),
  main('消息中心', '/message/chat.html', '咨询', true, { page: 'chatList' }),
  main('消息中心', '/message/chat/{conversationId}.html', '咨询详情', true, {
    page: 'chat',
    routePath: '/message/chat/:file',
  }),

  // standalone
  standalone('独立页面', '/offLogin.html', '扫码登录', false, { page: 'offLogin' }),
  standalone('独立页面', '/login.html', '登录', false, { page: 'login' }),
  standalone('独立页面', '/register.html', '注册', false, { page: 'register' }),
  standalone('独立页面', '/bind.html', '绑定账号', false, { page: 'bind' }),
  standalone('独立页面', '/warrantOrderHandler.html', '担保订单', true, { page: 'warrant' }),
  standalone('独立页面', '/walkthrough.html', '游戏攻略', false, { page: 'walkthrough' }),
  standalone('独立页面', '/love.html', '公会助力', false, { page: 'love' }),
  standalone('独立页面', '/writeoff.html', '注销账号', true, { page: 'writeoff' }),
  standalone('独立页面', '/record/list.html', '成交记录', false, { page: 'priceRecords' }),
  standalone('独立页面', '/order/transferCollect.html', '账号转移信息收集', true, {
    page: 'transferCollect',
  }),
  standalone('独立页面', '/login', '登录', false, { page: 'login' }),
  standalone('独立页面', '/my/center', '个人中心', true, { redirect: '/userHome.html' }),
  standalone('独立页面', '/my/setting', '账号设置', true, { page: 'accountSetting' }),
  standalone('独立页面', '/index', '首页', false, { redirect: '/' }),
  // the desktop client's compact window (docs/desktop.md); in a browser a plain page
  standalone('独立页面', '/desktop/workbench', '卖家工作台', true, { page: 'workbench' }),
]

/** The address unknown paths are sent to. */
export const NOT_FOUND_PATH = '/404.html'

/** Pages whose footer sits flush under the content: notice list, notice detail, feedback, aiDraw. */
export function footerMarginTop(pathname: string): number {
  const flush =
    pathname === '/platform/noticeList.html' ||
    pathname.startsWith('/platform/noticeDetail/') ||
    pathname === '/platform/feedback.html' ||
    pathname === '/platform/aiDraw.html' ||
    pathname === '/ai/aiDraw.html'
  return flush ? 0 : 50
}

/** The numeric id in a `{id}.html` segment, or null when the segment is not one. */
export function idFromHtmlSegment(file: string | undefined): number | null {
  const match = /^(\d{1,15})\.html$/.exec(file ?? '')
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
