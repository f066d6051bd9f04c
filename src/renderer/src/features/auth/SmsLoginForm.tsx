/**
 * /login.html's 验证码登录: the phone bound to the account and its SMS code (docs/account-security.md,
 * "Login by SMS code"). The server sends a code only to a bound phone but answers the same either
 * way; a code is good once.
 */
import { Button, Form, Input } from 'antd'
import { MobileOutlined } from '@ant-design/icons'
import { useLoginSms, useSendLoginCode } from '@renderer/api/auth'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { SmsCodeInput } from '@renderer/components/SmsCodeInput'

const PHONE = /^1[3-9]\d{9}$/

interface SmsLoginValues {
  phone: string
  smsCode: string
}

export function SmsLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [form] = Form.useForm<SmsLoginValues>()
  const login = useLoginSms()
  const send = useSendLoginCode()
  const phone = Form.useWatch('phone', form) ?? ''
  return (
    <Form<SmsLoginValues>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => login.mutate(values, { onSuccess: onLoggedIn })}
      onValuesChange={() => login.isError && login.reset()}
      className="auth-form"
      aria-label="验证码登录表单"
    >
      <Form.Item
        name="phone"
        label="手机号"
        rules={[{ required: true, pattern: PHONE, message: '请输入账号绑定的 11 位手机号' }]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder="账号绑定的手机号"
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item
        name="smsCode"
        label="短信验证码"
        rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
      >
        <SmsCodeInput canSend={PHONE.test(phone)} send={() => send.mutateAsync(phone)} />
      </Form.Item>
      <ErrorAlert className="auth-form__alert" error={login.error} />
      <Form.Item className="auth-form__submit">
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          登 录
        </Button>
      </Form.Item>
    </Form>
  )
}
