import type { GoodsType } from '@shared/api/goods'

/** The three steps of publishing a listing. */
export const PUBLISH_STEPS = [{ title: '选择游戏和类型' }, { title: '填写商品信息' }, { title: '发布成功' }]

/** What each goods type means, for the seller choosing one. */
export const TYPE_HINTS: Record<GoodsType, string> = {
  ACCOUNT: '出售整个游戏账号，一号一卖，库存固定为 1',
  COIN: '游戏金币、点券、元宝等，可设置库存批量出售',
  ITEM: '装备、道具、皮肤等游戏物品',
  RECHARGE: '为买家的账号代充值，按单交付',
}
