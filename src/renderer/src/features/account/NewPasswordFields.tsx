/** The new login password and its confirmation, checked by the rule the server applies. */
import { Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { passwordProblem } from '@shared/rules/account'

/** The form rule of a new login password (the server checks the same rule). */
export const newPasswordRule = {
  validator: (_: unknown, value: string) => {
    if (!value) return Promise.reject(new Error('请输入新密码'))
    const problem = passwordProblem(value)
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
  },
}

export const confirmRule =
  (field: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: string) =>
      value && value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(value ? '两次输入的密码不一致' : '请再次输入新密码')),
  })

/** 新密码 (form field `name`) and 确认新密码 (field `confirm`). */
export function NewPasswordFields({ name }: { name: string }) {
  return (
    <>
      <Form.Item name={name} label="新密码" rules={[newPasswordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          aria-label="新密码"
          maxLength={32}
        />
      </Form.Item>
      <Form.Item name="confirm" label="确认新密码" dependencies={[name]} rules={[confirmRule(name)]}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          aria-label="确认新密码"
          maxLength={32}
        />
      </Form.Item>
    </>
  )
}
