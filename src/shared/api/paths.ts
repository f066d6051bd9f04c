/**
 * Every API path, relative to the /api base (spec §7). Server routes and renderer api/ modules use
 * these constants, so a path is written once.
 */
export const PATHS = {
  captchaImage: '/captchaImage',
  publicKey: '/publicKey',
  login: '/login',
  register: '/register',
  logout: '/logout',
  getInfo: '/getInfo',
  getRouters: '/getRouters',
  dictDataByType: '/system/dict/data/type/:dictType',
  configByKey: '/system/config/configKey/:configKey',
  games: '/goods/game/getGames',
  gameById: '/goods/game/getGamesById',
  gameServers: '/goods/game/getGameServers',
  areaServers: '/goods/game/getAreaServers',
  areaServersByGameId: '/goods/game/getAreaServersByGameId',
  download: '/common/download',
  // desktop-client issue: live events, tickets, exports, customer-service messages
  messageStream: '/user/message/stream',
  streamTicket: '/user/message/streamTicket',
  downloadTicket: '/common/downloadTicket',
  csLeaveMessage: '/platform/cs/leaveMessage',
} as const

/** Fill `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}
