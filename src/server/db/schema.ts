/**
 * Kysely's view of the database: every module declares the row types of the tables it owns in its
 * own tables.ts (columns snake_case as stored; timestamps epoch milliseconds as bigint; booleans
 * integers 0/1; `status` '0' normal / '1' disabled), and Database is their union. A module reaches
 * another module's tables only through that module's service.
 */
import type { AuthTables } from '../modules/auth/tables'
import type { SystemTables } from '../modules/system/tables'
import type { GameTables } from '../modules/game/tables'
import type { NoticeTables } from '../modules/notice/tables'
import type { MessageTables } from '../modules/message/tables'
import type { GoodsTables } from '../modules/goods/tables'
import type { ImageTables } from '../modules/image/tables'
import type { FollowTables } from '../modules/follow/tables'
import type { PushTables } from '../modules/push/tables'
import type { BatchTables } from '../modules/batch/tables'
import type { DeliveryTables } from '../modules/delivery/tables'
import type { FundsTables } from '../modules/funds/tables'
import type { TradeTables } from '../modules/trade/tables'
import type { WarrantTables } from '../modules/warrant/tables'
import type { CommonTables } from '../modules/common/tables'
import type { CsTables } from '../modules/cs/tables'
import type { EventsTables } from '../modules/events/tables'
import type { AiTables } from '../modules/ai/tables'
import type { WechatTables } from '../modules/wechat/tables'
import type { SmsTables } from '../modules/sms/tables'
import type { AccountTables } from '../modules/account/tables'
import type { OplogTables } from '../modules/oplog/tables'
import type { FeedbackTables } from '../modules/feedback/tables'
import type { LoveTables } from '../modules/love/tables'
import type { ReviewTables } from '../modules/review/tables'
import type { AgencyTables } from '../modules/agency/tables'
import type { ChatTables } from '../modules/chat/tables'
import type { SavedSearchTables } from '../modules/saved-search/tables'
import type { ProtectionTables } from '../modules/protection/tables'
import type { PayTables } from '../modules/pay/tables'

export interface Database
  extends
    AuthTables,
    SystemTables,
    GameTables,
    NoticeTables,
    MessageTables,
    GoodsTables,
    ImageTables,
    FollowTables,
    PushTables,
    BatchTables,
    DeliveryTables,
    FundsTables,
    TradeTables,
    WarrantTables,
    CommonTables,
    CsTables,
    EventsTables,
    AiTables,
    WechatTables,
    SmsTables,
    AccountTables,
    OplogTables,
    FeedbackTables,
    LoveTables,
    ReviewTables,
    AgencyTables,
    ChatTables,
    SavedSearchTables,
    ProtectionTables,
    PayTables {}
