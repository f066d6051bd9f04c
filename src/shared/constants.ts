/** Business constants and limits, and the site's settings. No Node, no DOM. */
export const TOKEN_COOKIE = 'Authorization'
export const TOKEN_TTL_DAYS = 3
export const TOKEN_TTL_MS = TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000
export const USER_INFO_STORAGE_KEY = 'userInfoDto'
export const REQUEST_TIMEOUT_MS = 10_000
export const MOBILE_BREAKPOINT_PX = 992
export const NETWORK_TOAST_SECONDS = 5
export const API_BASE = '/api'
export const DEFAULT_DESKTOP_API_ORIGIN = 'http://localhost:8080'

export const PAGINATION = {
  page: 1,
  limit: 20,
  pageSizes: [10, 20, 30, 50],
  layout: 'total, sizes, prev, pager, next, jumper',
  scrollDurationMs: 800,
} as const

export const SIDEBAR_WIDTH_PX = 200
export const LOGO_HEADER_HEIGHT_PX = 65
export const SIDEBAR_COOKIE = 'sidebarStatus'

export const SETTINGS = {
  theme: '#1890ff',
  sideTheme: 'theme-dark',
  showSettings: false,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
} as const

export const ROLE_DEFAULT = 'ROLE_DEFAULT'
export const ROLE_ADMIN = 'admin'
export const ALL_PERMISSION = '*:*:*'

/** Customer-service hours 10:00 to 22:30 (docs/product.md), in minutes after midnight, China time. */
export const SERVICE_HOURS = {
  startMinute: 10 * 60,
  endMinute: 22 * 60 + 30,
  label: '10:00 - 22:30',
} as const

export const IMAGE_QUALITY = 90
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss'
export const TRADE_TIME_FORMAT = 'YYYY-MM-DD HH:mm'

export const SITE_NAME = '游侠易市'
export const SITE_SUBTITLE = '安全放心的游戏账号交易平台'

export const CAPTCHA_TTL_MS = 2 * 60 * 1000
export const LOGIN_LOCK = { maxFailures: 5, windowMs: 10 * 60 * 1000, lockMs: 10 * 60 * 1000 } as const

/** The desktop renderer's origin (built renderer served by the main process's app:// protocol). */
export const DESKTOP_APP_SCHEME = 'app'
export const DESKTOP_APP_HOST = 'marketplace'
export const DESKTOP_APP_ORIGIN = `${DESKTOP_APP_SCHEME}://${DESKTOP_APP_HOST}`
