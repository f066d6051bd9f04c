/** The numbered migrations, in order. Both databases run exactly these. */
import type { Migration } from 'kysely'
import type { DbDialect } from '../index'
import accounts from './0001_accounts'
import system from './0002_system'
import games from './0003_games'
import noticesMessages from './0004_notices_messages'
import gameConfigs from './0005_game_configs'
import goods from './0006_goods'
import goodsSeller from './0007_goods_seller'
import goodsFollows from './0008_goods_follows'
import desktop from './0010_desktop'
import trade from './0020_trade'
import numberGuards from './0030_number_guards'
import trust from './0031_trust'
import disputes from './0032_disputes'
import funds from './0033_funds'
import ai from './0060_ai'
import wechat from './0090_wechat'
import goodsSearchTerms from './0070_goods_search_terms'
import identity from './0050_identity'
import consoleTables from './0040_console'
import platform from './0100_platform'
import consoleSys from './0110_console_sys'
import contentConsole from './0120_content_console'
import love from './0150_love'
import reviews from './0160_reviews'
import chat from './0180_chat'
import agency from './0140_agency'
import savedSearches from './0200_saved_searches'
import protection from './0210_protection'
import searchTermsDirect from './0230_search_terms_direct'
import searchTermsBuckets from './0250_search_terms_buckets'
import unreadCounter from './0240_unread_counter'
import goodsSellerLive from './0260_goods_seller_live'
import titleStatistics from './0270_title_statistics'
import csConversations from './0370_cs_conversations'
import pay from './0290_pay'
import topupOrder from './0291_topup_order'
import payReconcile from './0292_pay_reconcile'
import payPayouts from './0293_pay_payouts'
import payRefunds from './0294_pay_refunds'
import bidFloors from './0300_bid_floors'
import referenceKeys from './0310_reference_keys'

export function migrationsFor(dialect: DbDialect): Record<string, Migration> {
  return {
    '0001_accounts': accounts(dialect),
    '0002_system': system(dialect),
    '0003_games': games(dialect),
    '0004_notices_messages': noticesMessages(dialect),
    '0005_game_configs': gameConfigs(dialect),
    '0006_goods': goods(dialect),
    '0007_goods_seller': goodsSeller(dialect),
    '0008_goods_follows': goodsFollows(dialect),
    '0010_desktop': desktop(dialect),
    '0020_trade': trade(dialect),
    '0030_number_guards': numberGuards(dialect),
    '0031_trust': trust(dialect),
    '0032_disputes': disputes(dialect),
    '0033_funds': funds(dialect),
    '0060_ai': ai(dialect),
    '0090_wechat': wechat(dialect),
    '0070_goods_search_terms': goodsSearchTerms(dialect),
    '0050_identity': identity(dialect),
    '0040_console': consoleTables(dialect),
    '0100_platform': platform(dialect),
    '0110_console_sys': consoleSys(dialect),
    '0120_content_console': contentConsole(dialect),
    '0150_love': love(dialect),
    '0160_reviews': reviews(dialect),
    '0140_agency': agency(dialect),
    '0180_chat': chat(dialect),
    '0200_saved_searches': savedSearches(dialect),
    '0210_protection': protection(dialect),
    '0230_search_terms_direct': searchTermsDirect(dialect),
    '0240_unread_counter': unreadCounter(dialect),
    '0250_search_terms_buckets': searchTermsBuckets(dialect),
    '0260_goods_seller_live': goodsSellerLive(dialect),
    '0270_title_statistics': titleStatistics(dialect),
    '0290_pay': pay(dialect),
    '0291_topup_order': topupOrder(dialect),
    '0292_pay_reconcile': payReconcile(dialect),
    '0293_pay_payouts': payPayouts(dialect),
    '0294_pay_refunds': payRefunds(dialect),
    '0300_bid_floors': bidFloors(dialect),
    '0310_reference_keys': referenceKeys(dialect),
    '0370_cs_conversations': csConversations(dialect),
  }
}
