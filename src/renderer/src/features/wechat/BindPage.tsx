/**
 * /bind.html 绑定账号: a WeChat user who scanned the login QR code but is bound to no account binds
 * that identity to an existing account (log in) or to a new one (register); both end logged in.
 * The one-time ticket comes from /offLogin.html in the router state (docs/wechat.md).
 */
import { AgreementsField } from '@renderer/components/AgreementsField'
import { useState, type ReactNode } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Button, Form, Input, Result, Tabs } from 'antd'
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { PASSWORD_RULE, USERNAME_RULE } from '@shared/rules/account'
import { useBindLogin, useBindRegister } from '@renderer/api/wechat'
import {
  ConfirmPasswordField,
  LoginFields,
  NEW_PASSWORD_RULES,
  NEW_USERNAME_RULES,
} from '../auth/account-fields'
import { AuthShell } from '../auth/AuthShell'
import { CaptchaField } from '../auth/CaptchaField'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { captchaAnswer, renewCaptcha, useCaptcha, type CaptchaState } from '../auth/use-captcha'
import type { BindLocationState } from './OffLoginPage'

interface BindForm {
  username: string
  password: string
  confirmPassword?: string
  nickName?: string
  agreed?: boolean
  code?: string
}

/**
 * One way to bind: its fields, the captcha (and the agreements for a new account), the failure and
 * the submit button. A refused bind clears the captcha answer and loads a new image.
 */
function BindTab<B>({
  label,
  submitText,
  bind,
  body,
  captcha,
  agreements = false,
  onDone,
  children,
}: {
  label: string
  submitText: string
  bind: UseMutationResult<unknown, Error, B>
  body: (v: BindForm) => B
  captcha: CaptchaState
  agreements?: boolean
  onDone(): void
  children: ReactNode
}) {
  const [form] = Form.useForm<BindForm>()
  const onFinish = (v: BindForm) =>
    bind.mutate(body(v), { onSuccess: onDone, onError: () => renewCaptcha(captcha, form) })
  return (
    <Form<BindForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} aria-label={label}>
      {children}
      {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
      {agreements ? <AgreementsField /> : null}
      <ErrorAlert className="auth-form__alert" error={bind.error} />
      <Button type="primary" htmlType="submit" block loading={bind.isPending}>
        {submitText}
      </Button>
    </Form>
  )
}

type TabProps = { ticket: string; captcha: CaptchaState; onDone(): void }

function ExistingAccount({ ticket, captcha, onDone }: TabProps) {
  const bind = useBindLogin()
  return (
    <BindTab
      label="绑定已有账号"
      submitText="登录并绑定"
      bind={bind}
      body={(v) => ({
        bindTicket: ticket,
        username: v.username,
        password: v.password,
        ...captchaAnswer(captcha, v.code),
      })}
      captcha={captcha}
      onDone={onDone}
    >
      <LoginFields />
    </BindTab>
  )
}

function NewAccount({ ticket, captcha, onDone }: TabProps) {
  const bind = useBindRegister()
  return (
    <BindTab
      label="注册新账号并绑定"
      submitText="注册并绑定"
      bind={bind}
      body={(v) => ({
        bindTicket: ticket,
        username: v.username,
        password: v.password,
        confirmPassword: v.confirmPassword ?? '',
        nickName: v.nickName?.trim() || undefined,
        agreed: v.agreed === true,
        ...captchaAnswer(captcha, v.code),
      })}
      captcha={captcha}
      agreements
      onDone={onDone}
    >
      <Form.Item name="username" label="用户名" extra={USERNAME_RULE.hint} rules={NEW_USERNAME_RULES}>
        <Input prefix={<UserOutlined />} placeholder="设置用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" label="密码" extra={PASSWORD_RULE.hint} rules={NEW_PASSWORD_RULES}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="设置密码"
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <ConfirmPasswordField placeholder="再次输入密码" maxLength={64} />
      <Form.Item name="nickName" label="昵称" rules={[{ max: 30, message: '昵称不能超过 30 个字' }]}>
        <Input placeholder="选填" maxLength={30} />
      </Form.Item>
    </BindTab>
  )
}

export default function BindPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as Partial<BindLocationState> | null
  const [tab, setTab] = useState('login')
  const captcha = useCaptcha()
  const ticket = typeof state?.bindTicket === 'string' ? state.bindTicket : ''
  const done = () => void navigate(state?.redirect || '/userHome.html', { replace: true })

  if (!ticket)
    return (
      <AuthShell title="绑定账号">
        <Result
          status="warning"
          title="绑定凭证无效或已过期"
          subTitle="请重新使用微信扫码登录"
          extra={
            <Link to="/offLogin.html">
              <Button type="primary">重新扫码</Button>
            </Link>
          }
        />
      </AuthShell>
    )

  return (
    <AuthShell
      title="绑定账号"
      subtitle={`微信「${state?.wechatNickname ?? ''}」尚未绑定本站账号，绑定后即可扫码登录并接收微信通知`}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'login',
            label: '绑定已有账号',
            children: <ExistingAccount ticket={ticket} captcha={captcha} onDone={done} />,
          },
          {
            key: 'register',
            label: '注册新账号',
            children: <NewAccount ticket={ticket} captcha={captcha} onDone={done} />,
          },
        ]}
      />
    </AuthShell>
  )
}
