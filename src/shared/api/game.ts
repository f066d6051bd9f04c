/**
 * Games: the game list, one game with its areas (大区) and servers, and what a listing of a game is
 * checked against — the goods types it allows with their attribute fields (getGameConfig) and the
 * fields a seller hands over on delivery (getGameTransferCollectConfig). Also the games of the
 * caller's own listings and follows. Plain data: no Node, no DOM.
 */
import { data, endpoint } from './contract'
import { id, strict } from './fields'
import type { GoodsType } from './goods'

export interface Game {
  gameId: number
  nameCn: string
  nameEn: string
  /** first letter of the pinyin, A-Z, for the game index */
  initial: string
  icon: string
  /** e.g. ['PC', 'iOS', 'Android'] */
  platforms: string[]
  hot: boolean
  sort: number
}

export interface GameServer {
  serverId: number
  gameId: number
  /** null for an area (大区), the area id for a server inside it */
  parentId: number | null
  name: string
  platform: string | null
}

/** An area (大区) with its servers. */
export type GameArea = GameServer & { children: GameServer[] }

export interface GameDetail extends Game {
  description: string
  areas: GameArea[]
}

/** One attribute a listing of a goods type must or may carry (getGameConfig). */
export interface AttributeField {
  key: string
  label: string
  kind: 'select' | 'multiselect' | 'number' | 'text' | 'boolean'
  required: boolean
  /** choices of select / multiselect */
  options?: string[]
  min?: number
  max?: number
  unit?: string
  /** offered as a filter on /list.html */
  filterable: boolean
}

export interface GoodsTypeConfig {
  goodsType: GoodsType
  label: string
  /** a listing of this type names its area (大区) and server when the game has them */
  requireServer: boolean
  attributes: AttributeField[]
}

export interface GameConfig {
  gameId: number
  goodsTypes: GoodsTypeConfig[]
  /** days the seller's money stays in escrow after completion (docs/trading-rules.md) */
  protectionDays: number
}

/** A field the seller hands over on delivery (getGameTransferCollectConfig). */
export interface TransferField {
  key: string
  label: string
  /**
   * how the value is checked (src/shared/rules/transfer.ts): free text, password, mainland mobile,
   * long text, e-mail, mainland ID number (GB 11643 checksum), a person's name, QQ number, or a login
   * account (QQ, WeChat id, mobile or e-mail)
   */
  kind: 'text' | 'password' | 'phone' | 'textarea' | 'email' | 'idcard' | 'name' | 'qq' | 'account'
  /** shorter than the kind's own limit, when the game needs it */
  maxLength?: number
  required: boolean
  /** masked to the seller, shown in clear only to the buyer of a paid order */
  secret: boolean
  placeholder?: string
}

export interface GameTransferCollectConfig {
  gameId: number
  fields: TransferField[]
}

const byGame = strict({ gameId: id('游戏编号') })

export const GAME = {
  /** every game on the site, in display order */
  list: endpoint({ method: 'GET', path: '/goods/game/getGames', access: 'public', answer: data<Game[]>() }),
  /** 游戏不存在 (404) for an unknown game */
  detail: endpoint({
    method: 'GET',
    path: '/goods/game/getGamesById',
    access: 'public',
    query: byGame,
    answer: data<GameDetail>(),
  }),
  /** every area and server of a game in one flat list (parentId tells which is which) */
  servers: endpoint({
    method: 'GET',
    path: '/goods/game/getGameServers',
    access: 'public',
    query: byGame,
    answer: data<GameServer[]>(),
  }),
  /** the servers of one area; 大区不存在 (404) for an unknown one */
  areaServers: endpoint({
    method: 'GET',
    path: '/goods/game/getAreaServers',
    access: 'public',
    query: strict({ areaId: id('大区编号') }),
    answer: data<GameServer[]>(),
  }),
  /** the areas of a game with their servers as children */
  areas: endpoint({
    method: 'GET',
    path: '/goods/game/getAreaServersByGameId',
    access: 'public',
    query: byGame,
    answer: data<GameArea[]>(),
  }),
  /** the goods types a game allows and the attribute fields of each (the list's filters, the publish form) */
  config: endpoint({
    method: 'GET',
    path: '/goods/game/getGameConfig',
    access: 'public',
    query: byGame,
    answer: data<GameConfig>(),
  }),
  /** the fields a seller hands over on delivery of an account of this game */
  transferConfig: endpoint({
    method: 'GET',
    path: '/goods/game/getGameTransferCollectConfig',
    access: 'public',
    query: byGame,
    answer: data<GameTransferCollectConfig>(),
  }),
  /** games the caller has listings in (any state) */
  mine: endpoint({ method: 'GET', path: '/goods/game/getMyGames', access: 'user', answer: data<Game[]>() }),
  /** games of the caller's agency-sale (代售) listings: none until agency sale exists */
  myAgencySale: endpoint({
    method: 'GET',
    path: '/goods/game/getMyAgencySaleGames',
    access: 'user',
    answer: data<Game[]>(),
  }),
  /** games of the listings the caller follows */
  followed: endpoint({
    method: 'GET',
    path: '/goods/game/getGamesByFollow',
    access: 'user',
    answer: data<Game[]>(),
  }),
}
