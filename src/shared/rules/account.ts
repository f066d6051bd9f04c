/**
 * The rules of a user name and a login password: checked by the server at registration (after the
 * password is decrypted) and pre-checked by the register form. Plain data: no Node, no DOM.
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

/** Why a login password is refused (length, at least three kinds of characters), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_RULE.minLength || password.length > PASSWORD_RULE.maxLength) {
    return `密码长度须为 ${PASSWORD_RULE.minLength}-${PASSWORD_RULE.maxLength} 位`
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  if (classes < 3) return '密码须至少包含大写字母、小写字母、数字、符号中的三类'
  return null
}

/** Why a user name is refused, or null. */
export function usernameProblem(username: string): string | null {
  if (!new RegExp(USERNAME_RULE.pattern).test(username)) return `用户名须为 ${USERNAME_RULE.hint}`
  return null
}
