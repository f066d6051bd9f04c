/** The built pages, one lazily loaded chunk each, so the home page does not download the others. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PageKey } from './route-table'

type PageModule = { default: ComponentType }
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** loads the chunk; React then gets the page in the same render */
  preload(): Promise<void>
}

/**
 * React.lazy over the page's chunk that, once the chunk is in (`preload`), hands React the page at
 * once (a thenable that resolves while React asks) instead of suspending for a microtask. A page
 * the server rendered is preloaded before hydrating: when a tap lands in its region before React
 * got to it, React hydrates the region then and there and handles the tap; a suspending page made
 * React drop the tap (docs/ssr.md "Hydration").
 */
function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined
  const fetchChunk = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  const page = lazy(() =>
    loaded
      ? // a thenable React resolves synchronously (its lazy reads the result inside `then`)
        ({
          then: (resolve: (module: PageModule) => void) => resolve(loaded!),
        } as unknown as Promise<PageModule>)
      : fetchChunk(),
  )
  return Object.assign(page, { preload: () => fetchChunk().then(() => undefined) })
}

export const PAGES: Record<PageKey, LazyPage> = {
  home: lazyPage(() => import('@renderer/features/home/HomePage')),
  login: lazyPage(() => import('@renderer/features/auth/LoginPage')),
  register: lazyPage(() => import('@renderer/features/auth/RegisterPage')),
  notFound: lazyPage(() => import('@renderer/features/errors/NotFoundPage')),
  noticeList: lazyPage(() => import('@renderer/features/platform/NoticeListPage')),
  noticeDetail: lazyPage(() => import('@renderer/features/platform/NoticeDetailPage')),
  csVerify: lazyPage(() => import('@renderer/features/platform/CsVerifyPage')),
  feedback: lazyPage(() => import('@renderer/features/platform/FeedbackPage')),
  walkthrough: lazyPage(() => import('@renderer/features/platform/WalkthroughPage')),
  love: lazyPage(() => import('@renderer/features/love/LovePage')),
  userHome: lazyPage(() => import('@renderer/features/account/UserHomePage')),
  goodsList: lazyPage(() => import('@renderer/features/goods/ListPage')),
  goodsDetail: lazyPage(() => import('@renderer/features/goods/DetailPage')),
  shop: lazyPage(() => import('@renderer/features/goods/ShopPage')),
  follow: lazyPage(() => import('@renderer/features/buyer/FollowPage')),
  savedSearch: lazyPage(() => import('@renderer/features/saved-search/SavedSearchPage')),
  games: lazyPage(() => import('@renderer/features/buyer/GamesPage')),
  sellGoods: lazyPage(() => import('@renderer/features/seller/SellGoodsPage')),
  goodsAccountManage: lazyPage(() => import('@renderer/features/seller/GoodsAccountManagePage')),
  goodsSend: lazyPage(() => import('@renderer/features/seller/GoodsSendPage')),
  publishSuccess: lazyPage(() => import('@renderer/features/seller/PublishSuccessPage')),
  selectType: lazyPage(() => import('@renderer/features/seller/SelectTypePage')),
  completeInfo: lazyPage(() => import('@renderer/features/seller/CompleteInfoPage')),
  batchPublish: lazyPage(() => import('@renderer/features/seller/BatchPublishPage')),
  agencySaleGoods: lazyPage(() => import('@renderer/features/agency/AgencySaleGoodsPage')),
  agencySaleOrder: lazyPage(() => import('@renderer/features/agency/AgencySaleOrderPage')),
  buy: lazyPage(() => import('@renderer/features/trade/BuyPage')),
  confirmOrder: lazyPage(() => import('@renderer/features/trade/ConfirmOrderPage')),
  pay: lazyPage(() => import('@renderer/features/trade/PayPage')),
  paySuccess: lazyPage(() => import('@renderer/features/trade/PaySuccessPage')),
  buyOrder: lazyPage(() => import('@renderer/features/trade/BuyOrderPage')),
  sellOrder: lazyPage(() => import('@renderer/features/trade/SellOrderPage')),
  orderDetail: lazyPage(() => import('@renderer/features/trade/OrderDetailPage')),
  myReviews: lazyPage(() => import('@renderer/features/review/MyReviewsPage')),
  roleManage: lazyPage(() => import('@renderer/features/trade/RoleManagePage')),
  transferCollect: lazyPage(() => import('@renderer/features/trade/TransferCollectPage')),
  warrant: lazyPage(() => import('@renderer/features/warrant/WarrantPage')),
  balance: lazyPage(() => import('@renderer/features/funds/BalancePage')),
  balanceDetail: lazyPage(() => import('@renderer/features/funds/BalanceDetailPage')),
  payPass: lazyPage(() => import('@renderer/features/funds/PayPassPage')),
  priceRecords: lazyPage(() => import('@renderer/features/record/RecordListPage')),
  messages: lazyPage(() => import('@renderer/features/messages/MessageCenter')),
  chatList: lazyPage(() => import('@renderer/features/chat/ChatListPage')),
  chat: lazyPage(() => import('@renderer/features/chat/ChatPage')),
  aiDraw: lazyPage(() => import('@renderer/features/ai/CreatePage')),
  aiGallery: lazyPage(() => import('@renderer/features/ai/GalleryPage')),
  aiMy: lazyPage(() => import('@renderer/features/ai/MyPage')),
  aiCollect: lazyPage(() => import('@renderer/features/ai/FavouritesPage')),
  aiPlatform: lazyPage(() => import('@renderer/features/ai/PlatformAiPage')),
  offLogin: lazyPage(() => import('@renderer/features/wechat/OffLoginPage')),
  bind: lazyPage(() => import('@renderer/features/wechat/BindPage')),
  userBase: lazyPage(() => import('@renderer/features/account/UserBasePage')),
  userCert: lazyPage(() => import('@renderer/features/account/UserCertPage')),
  loginPass: lazyPage(() => import('@renderer/features/account/LoginPassPage')),
  phoneBind: lazyPage(() => import('@renderer/features/account/PhoneBindPage')),
  payPassReset: lazyPage(() => import('@renderer/features/account/PayPassResetPage')),
  accountSetting: lazyPage(() => import('@renderer/features/account/SettingPage')),
  writeoff: lazyPage(() => import('@renderer/features/account/WriteoffPage')),
  receivedBids: lazyPage(() => import('@renderer/features/seller/ReceivedBidsPage')),
  workbench: lazyPage(() => import('@renderer/features/desktop/WorkbenchPage')),
}
