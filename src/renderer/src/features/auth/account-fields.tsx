/**
 * What the login, register and WeChat bind forms share: the username and password of an existing
 * account, the rules of a new one (shared/rules/account), and the form's error line.
 */
import { Form, Input, type FormRule } from 'antd'
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { passwordProblem, usernameProblem } from '@shared/rules/account'

/** Username and password of an existing account (login, bind to it). */
export function LoginFields() {
  return (
    <>
      <Form.Item
        name="username"
        label="用户名"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      >
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          maxLength={64}
        />
      </Form.Item>
    </>
  )
}

/** A new account's username: required, and as usernameProblem allows. */
export const NEW_USERNAME_RULES: FormRule[] = [
  { required: true, whitespace: true, message: '请输入用户名' },
  {
    validator: async (_, value: string | undefined) => {
      const problem = value ? usernameProblem(value.trim()) : null
      if (problem) throw new Error(problem)
    },
  },
]

/** A new password: required, and as passwordProblem allows. */
export const NEW_PASSWORD_RULES: FormRule[] = [
  { required: true, message: '请输入密码' },
  {
    validator: async (_, value: string | undefined) => {
      const problem = value ? passwordProblem(value) : null
      if (problem) throw new Error(problem)
    },
  },
]

/** The new password again (field confirmPassword, checked against field password). */
export function ConfirmPasswordField({ placeholder, maxLength }: { placeholder: string; maxLength: number }) {
  return (
    <Form.Item
      name="confirmPassword"
      label="确认密码"
      dependencies={['password']}
      rules={[
        { required: true, message: '请再次输入密码' },
        ({ getFieldValue }) => ({
          validator: async (_, value: string | undefined) => {
            if (value && value !== getFieldValue('password')) throw new Error('两次输入的密码不一致')
          },
        }),
      ]}
    >
      <Input.Password
        prefix={<LockOutlined />}
        placeholder={placeholder}
        autoComplete="new-password"
        maxLength={maxLength}
      />
    </Form.Item>
  )
}
