import { describe, expect, it } from 'vitest'
import {
  contactPlaces,
  contactReviewReason,
  findContacts,
  normalizeContactText,
  type ContactKind,
} from './contact'

/** [text, the kind that must be found] */
const POSITIVE: Array<[string, ContactKind]> = [
  // QQ
  ['QQ 12345678', 'qq'],
  ['qq:123456789', 'qq'],
  ['QQ号：2837465910', 'qq'],
  ['QQ号码是 10001', 'qq'],
  ['诚心出 Q 87654321 秒回', 'qq'],
  ['q87654321', 'qq'],
  ['ＱＱ１２３４５６７８', 'qq'],
  ['QQ 1234 5678', 'qq'],
  ['QQ 123-456-789', 'qq'],
  ['QQ 1.2.3.4.5.6.7', 'qq'],
  ['扣扣 87654321', 'qq'],
  ['企鹅：87654321', 'qq'],
  ['企鹅号 八七六五四三二一', 'qq'],
  ['Q号 一二三四五六七八', 'qq'],
  ['扣扣 壹贰叁肆伍陆柒捌', 'qq'],
  ['群号 87654321 进群看号', 'qq'],
  ['Q Q 1 2 3 4 5 6 7 8', 'qq'],
  ['QQ ①②③④⑤⑥⑦⑧', 'qq'],
  ['QQ\u200b87654321', 'qq'],
  // WeChat
  ['微信 abc12345', 'wechat'],
  ['微信号：wangzhe_seller', 'wechat'],
  ['威信 abcdef12', 'wechat'],
  ['薇信 seller888', 'wechat'],
  ['V信 seller888', 'wechat'],
  ['VX：seller888', 'wechat'],
  ['vx seller_888', 'wechat'],
  ['wx: hello_world1', 'wechat'],
  ['WX13812345678', 'wechat'],
  ['wxid_ab12cd34ef', 'wechat'],
  ['微x 87654321', 'wechat'],
  ['ｗｅｃｈａｔ： ｓｅｌｌｅｒ８８', 'wechat'],
  ['weixin abc_12345', 'wechat'],
  ['微信同号 ok? 微信:87654321', 'wechat'],
  // mobile numbers
  ['13812345678', 'phone'],
  ['电话13812345678急出', 'phone'],
  ['138 1234 5678', 'phone'],
  ['138-1234-5678', 'phone'],
  ['1 3 8 1 2 3 4 5 6 7 8', 'phone'],
  ['+86 138 1234 5678', 'phone'],
  ['8613812345678', 'phone'],
  ['一三八一二三四五六七八', 'phone'],
  ['幺三八 幺二三四 五六七八', 'phone'],
  ['１３８１２３４５６７８', 'phone'],
  ['号主电话 199.9999.8888', 'phone'],
  // links and e-mail
  ['详情见 http://example.org/x', 'link'],
  ['https://t.cn/abc', 'link'],
  ['www.taobao.com', 'link'],
  ['www。abc。com', 'link'],
  ['看号上 abcshop.cn', 'link'],
  ['mysite . com', 'link'],
  ['mysite。com', 'link'],
  ['mysite点com', 'link'],
  ['ｍｙｓｉｔｅ．ｃｏｍ', 'link'],
  ['example dot com', 'link'],
  ['邮箱 seller@163.com', 'email'],
  ['12345678@qq', 'email'],
  // 加我 / 联系 + an id
  ['加v seller888', 'contact'],
  ['+v: seller888', 'contact'],
  ['加微 abc12345', 'contact'],
  ['加q 87654321', 'contact'],
  ['加我 abc12345', 'contact'],
  ['有意联系 87654321', 'contact'],
  ['联系方式：seller888', 'contact'],
  ['私聊 abc_123456', 'contact'],
  ['加好友 a1234567', 'contact'],
]

/** ordinary listing text that must not be taken for contact details */
const NEGATIVE: string[] = [
  '荣耀王者 100英雄 200皮肤 可换绑',
  '安卓QQ区 1区 梦回长安 V10 贵族',
  '苹果微信区 荣耀王者',
  '微信100区 国服貂蝉',
  '微信10001区 满级号',
  'QQ 12区 全英雄',
  'QQ区 87654 战力',
  'QQ大区 V8 贵族 典藏皮肤 3 个',
  'QQ飞车 S车 12345 点券',
  'V10 贵族 满级',
  'v8 130英雄 300皮肤',
  'V信未绑定，可换绑 QQ/微信登录',
  '支持QQ、微信登录，可改实名',
  '微信：已解绑',
  '微氪号 不肝',
  '金币 13000000000',
  '13000000000 金币',
  '出 20000万 金币',
  'Q币 10000 点券 50000',
  '点券 12345点',
  '战力 15000 120级 全皮肤',
  '价格 1388.00 元 可小刀',
  '¥99,999,999.99',
  '一区 二区 三国 五五开',
  '一 二 三',
  '英雄 130 皮肤 300 战力 15000',
  '2023-10-15 12:30 上号截图',
  '绑定手机号可换绑',
  '联系客服验号',
  '联系我 验号',
  '加我好友一起玩',
  '段位：荣耀王者 星数 50',
  '王者荣耀 v1.5 版本',
  '本号 vip 10 级',
  '全英雄 + 120 皮肤',
  '典藏 5 个 传说 12 个 史诗 30 个',
  '账号 ID 已实名',
  '原神 天空岛 56级 满命 雷神',
  'LOL 艾欧尼亚 钻石 皮肤 500+',
  '梦幻西游 游戏币 1000万 秒发',
  '皮肤@100 英雄@120',
]

describe('contact details in listing text', () => {
  it.each(POSITIVE)('finds %s', (text, kind) => {
    const found = findContacts(text)
    expect(
      found.map((f) => f.kind),
      JSON.stringify(found),
    ).toContain(kind)
  })

  it.each(NEGATIVE)('leaves alone %s', (text) => {
    expect(findContacts(text)).toEqual([])
  })

  it('normalises full-width letters, circled digits, invisible characters and Chinese numeral runs', () => {
    expect(normalizeContactText('ＱＱ１２３')).toBe('qq123')
    expect(normalizeContactText('①②③')).toBe('123')
    expect(normalizeContactText('q\u200bq')).toBe('qq')
    expect(normalizeContactText('一三八一二三四五六七八')).toBe('13812345678')
    // short runs are words
    expect(normalizeContactText('一区 三国')).toBe('一区 三国')
  })

  it('names where the contact is, and the reason a listing is held', () => {
    const texts = [
      { field: '标题', text: '荣耀王者 加v seller888' },
      { field: '描述', text: '号主 13812345678，详见 www.abc.com' },
      { field: '道具名称', text: '屠龙刀' },
    ]
    expect(contactPlaces(texts)).toBe('标题（联系方式）、描述（手机号、网址链接）')
    expect(contactReviewReason(texts)).toBe(
      '疑似含有站外联系方式：标题（联系方式）、描述（手机号、网址链接），需人工审核',
    )
    expect(contactReviewReason([{ field: '标题', text: '荣耀王者 100英雄' }])).toBeNull()
  })
})
