/** The 6-digit payment password input (pay, confirm receipt, withdraw, set the password). */
import { Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'

export { newPayPasswordRule, payPasswordRule } from './pay-password'

export function PayPasswordInput(props: { autoFocus?: boolean }) {
  return (
    <Input.Password
      prefix={<LockOutlined />}
      maxLength={6}
      inputMode="numeric"
      autoComplete="off"
      placeholder="6 位数字支付密码"
      aria-label="支付密码"
      {...props}
    />
  )
}
