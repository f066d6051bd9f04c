/**
 * The server's modules (docs/architecture.md, "Modules"): one line each, in an order where every
 * module needs only what an earlier one provides (registerModules checks it at start). A new module
 * is its folder with its module.ts, and one line here.
 */
import { accountModule } from './account/module'
import { agencyModule } from './agency/module'
import { aiModule } from './ai/module'
import { authModule } from './auth/module'
import { batchModule } from './batch/module'
import { chatModule } from './chat/module'
import { commonModule } from './common/module'
import { csModule } from './cs/module'
import { deliveryModule } from './delivery/module'
import { discoverModule } from './discover/module'
import { eventsModule } from './events/module'
import { feedbackModule } from './feedback/module'
import { followModule } from './follow/module'
import { fundsModule } from './funds/module'
import { gameModule } from './game/module'
import { goodsModule } from './goods/module'
import { imageModule } from './image/module'
import { loveModule } from './love/module'
import { messageModule } from './message/module'
import { monitorModule } from './monitor/module'
import { noticeModule } from './notice/module'
import { oplogModule } from './oplog/module'
import { payModule } from './pay/module'
import { protectionModule } from './protection/module'
import { pushModule } from './push/module'
import { reviewModule } from './review/module'
import { savedSearchModule } from './saved-search/module'
import { sellerToolsModule } from './seller-tools/module'
import { smsModule } from './sms/module'
import { ssrModule } from './ssr/module'
import { systemModule } from './system/module'
import { tradeModule } from './trade/module'
import { warrantModule } from './warrant/module'
import { wechatModule } from './wechat/module'

/** Every module, in an order where each needs only what an earlier one provides (checked at start). */
export const MODULES = [
  systemModule,
  oplogModule,
  smsModule,
  authModule,
  commonModule,
  messageModule,
  eventsModule,
  imageModule,
  gameModule,
  noticeModule,
  payModule,
  accountModule,
  goodsModule,
  followModule,
  batchModule,
  deliveryModule,
  pushModule,
  savedSearchModule,
  feedbackModule,
  loveModule,
  fundsModule,
  tradeModule,
  agencyModule,
  protectionModule,
  warrantModule,
  chatModule,
  csModule,
  sellerToolsModule,
  reviewModule,
  discoverModule,
  aiModule,
  wechatModule,
  ssrModule,
  monitorModule,
]
