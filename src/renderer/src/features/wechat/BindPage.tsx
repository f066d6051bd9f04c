/**
 * /bind.html 绑定账号: a WeChat user who scanned the login QR code but is bound to no account binds
 * that identity to an existing account (log in) or to a new one (register); both end logged in.
 * The one-time ticket comes from /offLogin.html in the router state (docs/wechat.md).
 */
import { AgreementsField } from '@renderer/components/AgreementsField'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { Alert, Button, Form, Input, Result, Tabs } from 'antd'
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { PASSWORD_RULE, USERNAME_RULE, passwordProblem, usernameProblem } from '@shared/rules/account'
import { useBindLogin, useBindRegister } from '@renderer/api/wechat'
import { AuthShell } from '../auth/AuthShell'
import { CaptchaField } from '../auth/CaptchaField'
import { formErrorText } from '../auth/form-error'
import { useCaptcha, type CaptchaState } from '../auth/use-captcha'
import type { BindLocationState } from './OffLoginPage'

interface BindForm {
  username: string
  password: string
  confirmPassword?: string
  nickName?: string
  agreed?: boolean
  code?: string
}

function ExistingAccount({
  ticket,
  captcha,
  onDone,
}: {
  ticket: string
  captcha: CaptchaState
  onDone(): void
}) {
  const [form] = Form.useForm<BindForm>()
  const bind = useBindLogin()
  const error = bind.error ? formErrorText(bind.error) : ''
  const onFinish = (v: BindForm) =>
    bind.mutate(
      {
        bindTicket: ticket,
        username: v.username,
        password: v.password,
        ...(captcha.enabled ? { code: v.code?.trim(), uuid: captcha.uuid } : {}),
      },
      {
        onSuccess: onDone,
        onError: () => {
          form.setFieldValue('code', '')
          if (captcha.enabled) void captcha.refresh()
        },
      },
    )
  return (
    <Form<BindForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      aria-label="绑定已有账号"
    >
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
      {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
      {error ? <Alert className="auth-form__alert" type="error" showIcon title={error} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={bind.isPending}>
        登录并绑定
      </Button>
    </Form>
  )
}

function NewAccount({ ticket, captcha, onDone }: { ticket: string; captcha: CaptchaState; onDone(): void }) {
  const [form] = Form.useForm<BindForm>()
  const bind = useBindRegister()
  const error = bind.error ? formErrorText(bind.error) : ''
  const onFinish = (v: BindForm) =>
    bind.mutate(
      {
        bindTicket: ticket,
        username: v.username,
        password: v.password,
        confirmPassword: v.confirmPassword ?? '',
        nickName: v.nickName?.trim() || undefined,
        agreed: v.agreed === true,
        ...(captcha.enabled ? { code: v.code?.trim(), uuid: captcha.uuid } : {}),
      },
      {
        onSuccess: onDone,
        onError: () => {
          form.setFieldValue('code', '')
          if (captcha.enabled) void captcha.refresh()
        },
      },
    )
  return (
    <Form<BindForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      aria-label="注册新账号并绑定"
    >
      <Form.Item
        name="username"
        label="用户名"
        extra={USERNAME_RULE.hint}
        rules={[
          { required: true, whitespace: true, message: '请输入用户名' },
          {
            validator: (_, value?: string) => {
              const problem = value ? usernameProblem(value.trim()) : null
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
            },
          },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="设置用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        extra={PASSWORD_RULE.hint}
        rules={[
          { required: true, message: '请输入密码' },
          {
            validator: (_, value?: string) => {
              const problem = value ? passwordProblem(value) : null
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
            },
          },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="设置密码"
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="再次输入密码"
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item name="nickName" label="昵称" rules={[{ max: 30, message: '昵称不能超过 30 个字' }]}>
        <Input placeholder="选填" maxLength={30} />
      </Form.Item>
      {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
      <AgreementsField />
      {error ? <Alert className="auth-form__alert" type="error" showIcon title={error} role="alert" /> : null}
      <Button type="primary" htmlType="submit" block loading={bind.isPending}>
        注册并绑定
      </Button>
    </Form>
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
