/**
 * JSON schemas of every API input (Fastify validates with them). `title` is the Chinese field name
 * the server puts in a validation message, so a wrong value is answered in words the user knows.
 * Plain data: no Node, no DOM.
 */
export const USERNAME_RULE = {
  pattern: '^[A-Za-z][A-Za-z0-9_]{3,19}$',
  hint: '4-20 位，字母开头，只含字母、数字和下划线',
}
export const PASSWORD_RULE = {
  minLength: 8,
  maxLength: 32,
  hint: '8-32 位，至少包含大写字母、小写字母、数字、符号中的三类',
}

const captchaFields = {
  code: { type: 'string', title: '验证码', maxLength: 10 },
  uuid: { type: 'string', title: '验证码标识', maxLength: 64 },
} as const

export const loginBodySchema = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', title: '用户名', minLength: 1, maxLength: 64 },
    password: { type: 'string', title: '密码', minLength: 1, maxLength: 1024 },
    ...captchaFields,
  },
} as const

export const registerBodySchema = {
  type: 'object',
  required: ['username', 'password', 'confirmPassword'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', title: '用户名', minLength: 1, maxLength: 64 },
    password: { type: 'string', title: '密码', minLength: 1, maxLength: 1024 },
    confirmPassword: { type: 'string', title: '确认密码', minLength: 1, maxLength: 1024 },
    nickName: { type: 'string', title: '昵称', maxLength: 30 },
    ...captchaFields,
  },
} as const

export const pageQuerySchema = {
  pageNum: { type: 'integer', title: '页码', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
} as const

export const gameIdQuerySchema = {
  type: 'object',
  required: ['gameId'],
  properties: { gameId: { type: 'integer', title: '游戏编号', minimum: 1 } },
} as const

export const areaServersQuerySchema = {
  type: 'object',
  required: ['areaId'],
  properties: { areaId: { type: 'integer', title: '大区编号', minimum: 1 } },
} as const

export const dictTypeParamsSchema = {
  type: 'object',
  required: ['dictType'],
  properties: { dictType: { type: 'string', title: '字典类型', pattern: '^[a-z][a-z0-9_]{0,99}$' } },
} as const

export const configKeyParamsSchema = {
  type: 'object',
  required: ['configKey'],
  properties: { configKey: { type: 'string', title: '参数键名', pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,99}$' } },
} as const

/** The password rule, checked on the server after decryption and in the register form. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_RULE.minLength || password.length > PASSWORD_RULE.maxLength) {
    return `密码长度须为 ${PASSWORD_RULE.minLength}-${PASSWORD_RULE.maxLength} 位`
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  if (classes < 3) return '密码须至少包含大写字母、小写字母、数字、符号中的三类'
  return null
}

export function usernameProblem(username: string): string | null {
  if (!new RegExp(USERNAME_RULE.pattern).test(username)) return `用户名须为 ${USERNAME_RULE.hint}`
  return null
}
