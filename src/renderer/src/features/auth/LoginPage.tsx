/**
 * /login.html: username (trimmed), password (RSA-encrypted before it is sent), captcha
 * (click to refresh). Server errors appear in the form and renew the captcha; success stores the
 * token and returns to the `redirect` query (same-site paths only) or home. Two more ways in, as
 * tabs: 验证码登录 (SmsLoginForm) and 微信扫码 (the official account's QR code, WechatScanLogin).
 */
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Form, Tabs } from 'antd'
import { SafetyOutlined } from '@ant-design/icons'
import { useLogin } from '@renderer/api/auth'
import { useSessionStore } from '@renderer/stores/session'
import { safeRedirectTarget } from '@renderer/utils/validate'
import { ForgetPasswordModal } from '@renderer/features/account/ForgetPasswordModal'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { WechatScanLogin } from '@renderer/features/wechat/OffLoginPage'
import { LoginFields } from './account-fields'
import { SmsLoginForm } from './SmsLoginForm'
import { AuthShell } from './AuthShell'
import { CaptchaField } from './CaptchaField'
import type { LoginLocationState } from './form-error'
import { captchaAnswer, renewCaptcha, useCaptcha } from './use-captcha'

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
  const login = useLogin()
  const loggedIn = useSessionStore((s) => Boolean(s.token))
  const captcha = useCaptcha()
  const registered = (location.state as LoginLocationState | null)?.registered
  const target = safeRedirectTarget(params.get('redirect'))
  const [forgetOpen, setForgetOpen] = useState(false)

  // already logged in when the page opened: straight on (a login made here navigates itself)
  if (loggedIn && login.isIdle) return <Navigate to={target} replace />

  const onFinish = (values: LoginForm) =>
    login.mutate(
      {
        username: values.username,
        password: values.password,
        ...captchaAnswer(captcha, values.code),
      },
      {
        onSuccess: () => void navigate(target, { replace: true }),
        onError: () => renewCaptcha(captcha, form),
      },
    )

  return (
    <AuthShell title="账号登录" subtitle="登录后即可买卖游戏账号、查看订单与消息">
      {registered ? (
        <Alert className="auth-form__alert" type="success" showIcon title="注册成功，请使用新账号登录" />
      ) : null}
      <Tabs
        className="auth-tabs"
        destroyOnHidden
        items={[
          {
            key: 'password',
            label: '密码登录',
            children: (
              <Form<LoginForm>
                form={form}
                layout="vertical"
                size="large"
                requiredMark={false}
                initialValues={{ username: registered ?? '' }}
                onFinish={onFinish}
                onValuesChange={() => login.isError && login.reset()}
                className="auth-form"
                aria-label="登录表单"
              >
                <LoginFields />
                {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
                <ErrorAlert className="auth-form__alert" error={login.error} />
                <Form.Item className="auth-form__submit">
                  <Button type="primary" htmlType="submit" block loading={login.isPending}>
                    登 录
                  </Button>
                </Form.Item>
              </Form>
            ),
          },
          {
            key: 'sms',
            label: '验证码登录',
            children: <SmsLoginForm onLoggedIn={() => void navigate(target, { replace: true })} />,
          },
          { key: 'wechat', label: '微信扫码', children: <WechatScanLogin target={target} /> },
        ]}
      />
      <div className="auth-form__footer">
        <span>还没有账号？</span>
        <Link to="/register.html">免费注册</Link>
        <Button type="link" size="small" onClick={() => setForgetOpen(true)} style={{ marginLeft: 'auto' }}>
          忘记密码
        </Button>
      </div>
      <ForgetPasswordModal
        open={forgetOpen}
        onClose={(username) => {
          setForgetOpen(false)
          if (username) form.setFieldsValue({ username, password: '' })
        }}
      />
    </AuthShell>
  )
}
