/** Request and response shapes of the API (spec §3, §7). Server and renderer both import these. */

export interface CaptchaResult {
  captchaEnabled: boolean
  uuid?: string
  /** data URL of the image (image/svg+xml) */
  img?: string
}

export interface PublicKeyResult {
  publicKey: string
}

export interface LoginBody {
  username: string
  /** RSA (PKCS#1 v1.5, base64) ciphertext of the password, made with the key of GET /publicKey */
  password: string
  code?: string
  uuid?: string
}

export interface UserInfoDto {
  userId: number
  userName: string
  nickName: string
  /** public user code, used by customer service */
  code: string
  avatar: string
}

export interface LoginResult {
  token: string
  userInfoDto: UserInfoDto
}

export interface RegisterBody {
  username: string
  /** RSA ciphertext, like login */
  password: string
  confirmPassword: string
  nickName?: string
  code?: string
  uuid?: string
}

export interface UserProfile {
  userId: number
  userName: string
  nickName: string
  code: string
  avatar: string
  phone: string
  email: string
  createdAt: number
  lastLoginAt: number | null
}

export interface GetInfoResult {
  user: UserProfile
  roles: string[]
  permissions: string[]
}

export interface RouterMeta {
  title: string
  icon?: string
  activeMenu?: string
  noCache?: boolean
  affix?: boolean
  link?: string | null
}

export interface RouterItem {
  name?: string
  path: string
  component?: string
  redirect?: string
  hidden?: boolean
  alwaysShow?: boolean
  meta?: RouterMeta
  children?: RouterItem[]
}

export interface DictData {
  dictCode: number
  dictType: string
  dictLabel: string
  dictValue: string
  dictSort: number
  listClass?: string
  cssClass?: string
  isDefault?: 'Y' | 'N'
}

export interface SysConfig {
  configKey: string
  configValue: string
  configName: string
}

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

export interface GameDetail extends Game {
  description: string
  areas: Array<GameServer & { children: GameServer[] }>
}

export type { Notice, NoticeBrief, NoticeType } from './notice'

export type { GroupMessageInfo, IdsBody, WebMessage, WebMessagePageBody } from './message'
