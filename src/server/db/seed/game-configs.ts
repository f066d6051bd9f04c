/**
 * Listing configs of the demo games (getGameConfig / getGameTransferCollectConfig): the goods types
 * each game allows, the attributes a listing of each type carries, and what a seller hands over on
 * delivery of an account. Keyed by the game's Chinese name (the ids are generated).
 */
import type { AttributeField, GoodsTypeConfig, TransferField } from '../../../shared/api'

const select = (key: string, options: string[], opts: Partial<AttributeField> = {}): AttributeField => ({
  key,
  label: key,
  kind: 'select',
  required: true,
  options,
  filterable: true,
  ...opts,
})
const multi = (key: string, options: string[], opts: Partial<AttributeField> = {}): AttributeField => ({
  key,
  label: key,
  kind: 'multiselect',
  required: false,
  options,
  filterable: true,
  ...opts,
})
const num = (key: string, min: number, max: number, opts: Partial<AttributeField> = {}): AttributeField => ({
  key,
  label: key,
  kind: 'number',
  required: true,
  min,
  max,
  filterable: false,
  ...opts,
})
const bool = (key: string, opts: Partial<AttributeField> = {}): AttributeField => ({
  key,
  label: key,
  kind: 'boolean',
  required: false,
  filterable: true,
  ...opts,
})
const text = (key: string, opts: Partial<AttributeField> = {}): AttributeField => ({
  key,
  label: key,
  kind: 'text',
  required: true,
  filterable: false,
  ...opts,
})

const account = (attributes: AttributeField[]): GoodsTypeConfig => ({
  goodsType: 'ACCOUNT',
  label: '账号',
  requireServer: true,
  attributes,
})
const coin = (unit: string, max: number, extra: AttributeField[] = []): GoodsTypeConfig => ({
  goodsType: 'COIN',
  label: '游戏币',
  requireServer: true,
  attributes: [num('数量', 1, max, { unit }), ...extra],
})
const item = (kinds: string[]): GoodsTypeConfig => ({
  goodsType: 'ITEM',
  label: '道具',
  requireServer: true,
  attributes: [
    text('道具名称'),
    select('道具类型', kinds),
    num('数量', 1, 9999, { unit: '个', required: false }),
  ],
})
const recharge = (currency: string, amounts: string[]): GoodsTypeConfig => ({
  goodsType: 'RECHARGE',
  label: '代充',
  requireServer: false,
  attributes: [
    select(
      '充值面额',
      amounts.map((a) => `${a}${currency}`),
    ),
    select('到账时间', ['10分钟内', '1小时内', '24小时内'], { required: false }),
  ],
})

const VERIFIED = bool('已实名', { label: '已实名认证' })
const REBIND = select('换绑状态', ['可换绑手机', '可换绑邮箱', '不可换绑'], { required: false })

const TENCENT_RANKS = ['青铜', '白银', '黄金', '铂金', '钻石', '星耀', '最强王者', '荣耀王者']
const NOBLE = Array.from({ length: 11 }, (_, i) => `V${i}`)
const GENSHIN_FIVE_STARS = [
  '雷电将军',
  '纳西妲',
  '芙宁娜',
  '那维莱特',
  '胡桃',
  '钟离',
  '夜兰',
  '枫原万叶',
  '甘雨',
  '神里绫华',
  '温迪',
  '魈',
  '希格雯',
  '阿蕾奇诺',
]
const STAR_RAIL_FIVE_STARS = [
  '黄泉',
  '流萤',
  '卡芙卡',
  '刃',
  '景元',
  '符玄',
  '银狼',
  '阮•梅',
  '镜流',
  '丹恒•饮月',
  '砂金',
  '知更鸟',
]

export interface SeedGameConfig {
  goodsTypes: GoodsTypeConfig[]
  transfer: TransferField[]
  protectionDays: number
}

const field = (
  key: string,
  kind: TransferField['kind'],
  required: boolean,
  secret: boolean,
  placeholder?: string,
): TransferField => ({ key, label: key, kind, required, secret, ...(placeholder ? { placeholder } : {}) })

const identity = [
  field('实名姓名', 'name', false, true, '账号实名认证的姓名'),
  field('实名身份证号', 'idcard', false, true, '账号实名认证的身份证号'),
]
const note = field('交接备注', 'textarea', false, false, '登录注意事项、换绑说明等')

const TENCENT_TRANSFER = [
  field('QQ号或微信号', 'account', true, false, '登录游戏使用的 QQ 号或微信号'),
  field('登录密码', 'password', true, true),
  field('绑定手机', 'phone', true, false, '11 位手机号'),
  field('密保问题', 'text', false, true),
  field('密保答案', 'password', false, true),
  ...identity,
  note,
]
const MIHOYO_TRANSFER = [
  field('通行证账号', 'account', true, false, '米哈游通行证的手机号或邮箱'),
  field('登录密码', 'password', true, true),
  field('绑定手机', 'phone', true, false, '11 位手机号'),
  field('绑定邮箱', 'email', false, false),
  ...identity,
  note,
]
const NETEASE_TRANSFER = [
  field('网易通行证', 'email', true, false, '网易邮箱账号'),
  field('登录密码', 'password', true, true),
  field('绑定手机', 'phone', true, false, '11 位手机号'),
  field('将军令序列号', 'text', false, true),
  ...identity,
  note,
]
const QQ_PC_TRANSFER = [
  field('QQ号', 'qq', true, false),
  field('QQ密码', 'password', true, true),
  field('绑定手机', 'phone', true, false, '11 位手机号'),
  field('密保问题', 'text', false, true),
  field('密保答案', 'password', false, true),
  ...identity,
  note,
]

export const GAME_CONFIGS: Record<string, SeedGameConfig> = {
  王者荣耀: {
    protectionDays: 7,
    transfer: TENCENT_TRANSFER,
    goodsTypes: [
      account([
        select('段位', TENCENT_RANKS),
        num('英雄数量', 0, 130, { unit: '个' }),
        num('皮肤数量', 0, 800, { unit: '款' }),
        select('贵族等级', NOBLE, { required: false }),
        multi('典藏皮肤', [
          '李白·千年之狐',
          '貂蝉·仲夏夜之梦',
          '韩信·白龙吟',
          '孙尚香·末日机甲',
          '露娜·紫霞仙子',
        ]),
        VERIFIED,
        REBIND,
      ]),
      coin('点券', 1_000_000),
      recharge('点券', ['60', '300', '680', '1280', '3280', '6480']),
    ],
  },
  和平精英: {
    protectionDays: 7,
    transfer: TENCENT_TRANSFER,
    goodsTypes: [
      account([
        select('段位', [
          '热血青铜',
          '不屈白银',
          '英勇黄金',
          '坚韧铂金',
          '不朽星钻',
          '荣耀皇冠',
          '超级王牌',
          '无敌战神',
        ]),
        num('套装数量', 0, 500, { unit: '套' }),
        num('枪械皮肤数量', 0, 500, { unit: '个' }),
        multi('稀有套装', ['金龙套装', '火箭少女', '天启骑士', '星空之翼', '雪域龙神']),
        VERIFIED,
        REBIND,
      ]),
      coin('点券', 1_000_000),
      recharge('点券', ['60', '300', '680', '1280', '3280', '6480']),
    ],
  },
  原神: {
    protectionDays: 14,
    transfer: MIHOYO_TRANSFER,
    goodsTypes: [
      account([
        num('冒险等级', 1, 60, { unit: '级' }),
        multi('五星角色', GENSHIN_FIVE_STARS),
        num('五星武器数量', 0, 200, { unit: '把', required: false }),
        num('原石数量', 0, 1_000_000, { unit: '颗', required: false }),
        bool('初始号', { label: '是否初始号' }),
        REBIND,
      ]),
      recharge('创世结晶', ['60', '300', '980', '1980', '3280', '6480']),
    ],
  },
  英雄联盟: {
    protectionDays: 7,
    transfer: QQ_PC_TRANSFER,
    goodsTypes: [
      account([
        select('段位', ['黑铁', '青铜', '白银', '黄金', '铂金', '翡翠', '钻石', '大师', '宗师', '最强王者']),
        num('英雄数量', 0, 170, { unit: '个' }),
        num('皮肤数量', 0, 1500, { unit: '款' }),
        num('账号等级', 1, 2000, { unit: '级', required: false }),
        VERIFIED,
      ]),
      recharge('点券', ['100', '500', '1000', '2000', '5000']),
    ],
  },
  梦幻西游: {
    protectionDays: 14,
    transfer: NETEASE_TRANSFER,
    goodsTypes: [
      account([
        num('角色等级', 0, 175, { unit: '级' }),
        select('门派', [
          '大唐官府',
          '化生寺',
          '女儿村',
          '方寸山',
          '狮驼岭',
          '魔王寨',
          '盘丝洞',
          '阴曹地府',
          '东海龙宫',
          '五庄观',
          '普陀山',
          '天宫',
        ]),
        num('角色评分', 0, 100_000, { unit: '分', required: false }),
      ]),
      coin('万', 100_000),
      item(['召唤兽', '装备', '宝石', '灵饰', '其他']),
    ],
  },
  穿越火线: {
    protectionDays: 7,
    transfer: QQ_PC_TRANSFER,
    goodsTypes: [
      account([
        select('军衔', ['新兵', '士官', '尉官', '校官', '将官', '元帅']),
        num('英雄级武器数量', 0, 300, { unit: '把' }),
        multi('稀有武器', ['M4A1-雷神', 'AK47-火麒麟', 'AWM-天龙', '屠龙', '毁灭']),
        VERIFIED,
      ]),
      item(['英雄级武器', '角色', '道具']),
      recharge('点券', ['100', '500', '1000', '2000', '5000']),
    ],
  },
  地下城与勇士: {
    protectionDays: 7,
    transfer: QQ_PC_TRANSFER,
    goodsTypes: [
      account([
        num('角色等级', 1, 110, { unit: '级' }),
        select('职业', [
          '鬼剑士',
          '神枪手',
          '格斗家',
          '魔法师',
          '圣职者',
          '暗夜使者',
          '守护者',
          '魔枪士',
          '枪剑士',
        ]),
        num('名望', 0, 200_000, { required: false }),
      ]),
      coin('万金币', 1_000_000),
      item(['装备', '时装', '宠物', '材料']),
    ],
  },
  永劫无间: {
    protectionDays: 7,
    transfer: NETEASE_TRANSFER,
    goodsTypes: [
      account([
        select('段位', ['青铜', '白银', '黄金', '铂金', '陨星', '蛟龙', '修罗', '无间']),
        num('金色时装数量', 0, 500, { unit: '件' }),
        VERIFIED,
      ]),
      coin('金块', 1_000_000),
    ],
  },
  金铲铲之战: {
    protectionDays: 7,
    transfer: TENCENT_TRANSFER,
    goodsTypes: [
      account([
        select('段位', ['黑铁', '青铜', '白银', '黄金', '铂金', '钻石', '大师', '宗师', '王者']),
        num('小小英雄数量', 0, 500, { unit: '个' }),
        num('棋盘皮肤数量', 0, 200, { unit: '个', required: false }),
        VERIFIED,
      ]),
      recharge('金币', ['60', '300', '680', '1280', '3280', '6480']),
    ],
  },
  '崩坏：星穹铁道': {
    protectionDays: 14,
    transfer: MIHOYO_TRANSFER,
    goodsTypes: [
      account([
        num('开拓等级', 1, 70, { unit: '级' }),
        multi('五星角色', STAR_RAIL_FIVE_STARS),
        bool('初始号', { label: '是否初始号' }),
        REBIND,
      ]),
      recharge('古老梦华', ['60', '300', '980', '1980', '3280', '6480']),
    ],
  },
}

/** Config of a game without its own (a new game added later): accounts with a free description only. */
export const FALLBACK_GAME_CONFIG: SeedGameConfig = {
  protectionDays: 7,
  transfer: QQ_PC_TRANSFER,
  goodsTypes: [account([VERIFIED])],
}
