/** User-facing messages (docs/error-codes.md), in one place for server, renderer and main. */
export const MSG = {
  LOGIN_REQUIRED: '请先登录！',
  SERVER_UNSTABLE: '网络不稳定，请稍后再试！',
  NETWORK_DOWN: '网络开小差啦，请稍后再试~',
  UNAUTHORIZED: '认证失败，无法访问系统资源',
  FORBIDDEN: '当前操作没有权限',
  NOT_FOUND: '访问资源不存在',
  UNKNOWN: '系统未知错误，请反馈给管理员',
  PERMI_LIST_REQUIRED: '请设置操作权限标签值',
  // server-side messages
  BAD_CREDENTIALS: '用户名或密码错误',
  ACCOUNT_LOCKED: '密码错误次数过多，账号已锁定 10 分钟，请稍后再试',
  ACCOUNT_DISABLED: '账号已停用，请联系客服',
  CAPTCHA_WRONG: '验证码错误',
  CAPTCHA_EXPIRED: '验证码已失效，请刷新后重试',
  TOO_MANY_REQUESTS: '操作过于频繁，请稍后再试',
  SESSION_EXPIRED: '登录状态已过期，请重新登录',
  BODY_TOO_LARGE: '请求内容过大（不能超过 1 MB）',
  BAD_JSON: '请求内容不是有效的 JSON',
  PASSWORD_DECRYPT_FAILED: '密码解密失败，请刷新页面后重试',
} as const

/** Fixed messages per code (docs/error-codes.md); other codes use the server's msg. */
export const CODE_MESSAGES: Record<number, string> = {
  401: MSG.UNAUTHORIZED,
  403: MSG.FORBIDDEN,
  404: MSG.NOT_FOUND,
}
