/**
 * Test data of the catalogue pages — two games, a game config, areas, listings, a shop — typed by the
 * contract, and the game answers every catalogue page needs (`withGames`).
 */
import { GAME, type Game, type GameArea, type GameConfig } from '@shared/api/game'
import type { GoodsBrief, GoodsDetail, GoodsImage, ShopProfile } from '@shared/api/goods'
import { TOKEN_COOKIE } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import type { FakeServer } from './fake-server'

export const GAMES: Game[] = [
  {
    gameId: 1,
    nameCn: '王者荣耀',
    nameEn: 'Honor of Kings',
    initial: 'W',
    icon: '',
    platforms: ['iOS', 'Android'],
    hot: true,
    sort: 1,
  },
  {
    gameId: 2,
    nameCn: '原神',
    nameEn: 'Genshin Impact',
    initial: 'Y',
    icon: '',
    platforms: ['PC', 'iOS', 'Android'],
    hot: true,
    sort: 2,
  },
]

export const CONFIG: GameConfig = {
  gameId: 1,
  protectionDays: 7,
  goodsTypes: [
    {
      goodsType: 'ACCOUNT',
      label: '账号',
      requireServer: true,
      attributes: [
        {
          key: '段位',
          label: '段位',
          kind: 'select',
          required: true,
          options: ['黄金', '最强王者'],
          filterable: true,
        },
        {
          key: '英雄数量',
          label: '英雄数量',
          kind: 'number',
          required: true,
          min: 0,
          max: 130,
          unit: '个',
          filterable: false,
        },
        {
          key: '典藏皮肤',
          label: '典藏皮肤',
          kind: 'multiselect',
          required: false,
          options: ['李白·千年之狐', '貂蝉·仲夏夜之梦'],
          filterable: true,
        },
        { key: '已实名', label: '已实名认证', kind: 'boolean', required: false, filterable: true },
        { key: '备注', label: '备注', kind: 'text', required: false, filterable: false },
      ],
    },
    {
      goodsType: 'COIN',
      label: '游戏币',
      requireServer: true,
      attributes: [
        {
          key: '数量',
          label: '数量',
          kind: 'number',
          required: true,
          min: 1,
          max: 1000000,
          unit: '点券',
          filterable: false,
        },
      ],
    },
  ],
}

export const AREAS: GameArea[] = [
  {
    serverId: 10,
    gameId: 1,
    parentId: null,
    name: '苹果QQ区',
    platform: 'iOS',
    children: [
      { serverId: 11, gameId: 1, parentId: 10, name: '1区 梦回长安', platform: 'iOS' },
      { serverId: 12, gameId: 1, parentId: 10, name: '2区 稷下学院', platform: 'iOS' },
    ],
  },
  {
    serverId: 20,
    gameId: 1,
    parentId: null,
    name: '安卓QQ区',
    platform: 'Android',
    children: [{ serverId: 21, gameId: 1, parentId: 20, name: '1区 梦回长安', platform: 'Android' }],
  },
]

export function brief(goodsId: number, patch: Partial<GoodsBrief> = {}): GoodsBrief {
  return {
    goodsId,
    gameId: 1,
    gameName: '王者荣耀',
    goodsType: 'ACCOUNT',
    protectionDays: 0,
    title: `王者荣耀账号 ${goodsId}`,
    price: 12_345,
    stock: 1,
    status: 'ON_SALE',
    platform: 'iOS',
    areaId: 10,
    areaName: '苹果QQ区',
    serverId: 11,
    serverName: '1区 梦回长安',
    coverUrl: `/api/goods/image/file/${'a'.repeat(31)}${goodsId % 10}_t.jpg`,
    attributes: { 段位: '最强王者', 英雄数量: 120, 已实名: true },
    sellerId: 2,
    shopName: '卖家老李',
    pushed: false,
    agency: false,
    viewCount: 42,
    followCount: 3,
    createdAt: 1_717_000_000_000,
    ...patch,
  }
}

export function detail(goodsId: number, patch: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    ...brief(goodsId),
    description: '全英雄，可改实名。\n第二行',
    images: [
      {
        imageId: 'a'.repeat(32),
        url: '/api/goods/image/file/a.jpg',
        mediumUrl: '/api/goods/image/file/a_m.jpg',
        thumbUrl: '/api/goods/image/file/a_t.jpg',
        width: 800,
        height: 600,
      },
      {
        imageId: 'b'.repeat(32),
        url: '/api/goods/image/file/b.jpg',
        mediumUrl: '/api/goods/image/file/b_m.jpg',
        thumbUrl: '/api/goods/image/file/b_t.jpg',
        width: 800,
        height: 600,
      },
    ],
    seller: {
      shopId: 2,
      shopName: '卖家老李',
      avatar: '',
      since: 1_700_000_000_000,
      onSaleCount: 5,
      soldCount: 9,
    },
    followed: false,
    isOwner: false,
    autoDelivery: false,
    preview: null,
    ...patch,
  }
}

export const IMAGE_C: GoodsImage = {
  imageId: 'c'.repeat(32),
  url: '/api/goods/image/file/c.jpg',
  mediumUrl: '/api/goods/image/file/c_m.jpg',
  thumbUrl: '/api/goods/image/file/c_t.jpg',
  width: 800,
  height: 600,
}

export const SHOP: ShopProfile = {
  shopId: 2,
  shopName: '卖家老李',
  avatar: '',
  since: 1_700_000_000_000,
  onSaleCount: 2,
  soldCount: 9,
  intro: '诚信经营',
  games: [{ gameId: 1, nameCn: '王者荣耀', count: 2 }],
}

/** The games, the first game's detail, areas and config, and the seller's games (王者荣耀). */
export function withGames(server: FakeServer): FakeServer {
  return server
    .on(GAME.list, GAMES)
    .on(GAME.detail, { ...GAMES[0]!, description: '', areas: AREAS })
    .on(GAME.areas, AREAS)
    .on(GAME.config, CONFIG)
    .on(GAME.mine, [GAMES[0]!])
}

/** A logged-in session (the web platform reads the token cookie). */
export function logIn(): void {
  document.cookie = `${TOKEN_COOKIE}=tk; path=/`
  useSessionStore.getState().hydrate()
}

export function logOut(): void {
  useSessionStore.getState().clear()
  useSessionStore.getState().hydrate()
}
