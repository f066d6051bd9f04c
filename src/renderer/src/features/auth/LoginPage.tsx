/**
 * /login.html (spec §2, §5): username (trimmed), password (RSA-encrypted before it is sent), captcha
 * (click to refresh). Server errors appear in the form and renew the captcha; success stores the
 * token and returns to the `redirect` query (same-site paths only) or home.
 */
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Form, Input } from 'antd'
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { useSessionStore } from '@renderer/stores/session'
import { safeRedirectTarget } from '@renderer/utils/validate'
import { AuthShell } from './AuthShell'
import { CaptchaField } from './CaptchaField'
import { encryptPasswords } from './encrypt'
import { formErrorText, type LoginLocationState } from './form-error'
import { useCaptcha } from './use-captcha'

interface LoginForm {
  username: string
  password: string
  code?: string
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>()
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const login = useSessionStore((s) => s.login)
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const captcha = useCaptcha()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState(false)
  const registered = (location.state as LoginLocationState | null)?.registered
  const target = safeRedirectTarget(params.get('redirect'))

  if (loggedIn && !done && !submitting) return <Navigate to={target} replace />

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true)
    setError('')
    try {
      const [password] = await encryptPasswords(values.password)
      await login({
        username: values.username.trim(),
        password: password as string,
        ...(captcha.enabled ? { code: values.code?.trim(), uuid: captcha.uuid } : {}),
      })
      setDone(true)
      void navigate(target, { replace: true })
    } catch (err) {
      setError(formErrorText(err))
      form.setFieldValue('code', '')
      if (captcha.enabled) void captcha.refresh()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthShell title="账号登录" subtitle="登录后即可买卖游戏账号、查看订单与消息">
      {registered ? (
        <Alert className="auth-form__alert" type="success" showIcon title="注册成功，请使用新账号登录" />
      ) : null}
      <Form<LoginForm>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ username: registered ?? '' }}
        onFinish={onFinish}
        onValuesChange={() => error && setError('')}
        className="auth-form"
        aria-label="登录表单"
      >
        <Form.Item
          name="username"
          label="用户名"
          rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder="请输入用户名"
            autoComplete="username"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={64}
          />
        </Form.Item>
        {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
        {error ? (
          <Alert className="auth-form__alert" type="error" showIcon title={error} role="alert" />
        ) : null}
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登 录
          </Button>
        </Form.Item>
        <div className="auth-form__footer">
          <span>还没有账号？</span>
          <Link to="/register.html">免费注册</Link>
        </div>
      </Form>
    </AuthShell>
  )
}
