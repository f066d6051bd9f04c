/**
 * /register.html: username (rule hint), password (strength per passwordProblem), confirmation,
 * nickname, captcha. Both passwords are RSA-encrypted before they are sent. Success: the server
 * answers with a session, so the new user is logged in and goes to the home page.
 */
import { Link, useNavigate } from 'react-router-dom'
import { Button, Form, Input } from 'antd'
import { LockOutlined, MobileOutlined, SafetyOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons'
import { useSendRegisterCode } from '@renderer/api/account'
import { SmsCodeInput } from '@renderer/components/SmsCodeInput'
import { AgreementsField } from '@renderer/components/AgreementsField'
import { PASSWORD_RULE, USERNAME_RULE, passwordProblem } from '@shared/rules/account'
import { useRegister, type RegisterValues } from '@renderer/api/auth'
import { toast } from '@renderer/utils/toast'
import { ConfirmPasswordField, NEW_PASSWORD_RULES, NEW_USERNAME_RULES } from './account-fields'
import { AuthShell } from './AuthShell'
import { CaptchaField } from './CaptchaField'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { captchaAnswer, renewCaptcha, useCaptcha } from './use-captcha'

/** The form's fields: what registering sends (the captcha's uuid aside), the agreements box maybe unticked. */
type RegisterForm = Omit<RegisterValues, 'agreed' | 'uuid'> & { agreed?: boolean }

const PHONE = /^1[3-9]\d{9}$/

export type Strength = 0 | 1 | 2 | 3

/** 0 empty, 1 weak (breaks the rule), 2 fair (meets it), 3 strong (all four kinds, or 12+ characters). */
export function passwordStrength(password: string): Strength {
  if (!password) return 0
  if (passwordProblem(password)) return 1
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  return kinds === 4 || password.length >= 12 ? 3 : 2
}

const STRENGTH_LABEL = ['', '弱', '中', '强'] as const

function StrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password)
  return (
    <div className={`strength strength--${strength}`} aria-live="polite">
      <span className="strength__bars" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <span className="strength__label">
        {strength ? `密码强度：${STRENGTH_LABEL[strength]}` : PASSWORD_RULE.hint}
      </span>
    </div>
  )
}

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>()
  const navigate = useNavigate()
  const captcha = useCaptcha()
  const registering = useRegister()
  const password = Form.useWatch('password', form) ?? ''
  const phone = Form.useWatch('phone', form) ?? ''
  const sendCode = useSendRegisterCode()

  const onFinish = (values: RegisterForm) => {
    const username = values.username.trim()
    registering.mutate(
      {
        username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(values.nickName?.trim() ? { nickName: values.nickName.trim() } : {}),
        ...(values.phone ? { phone: values.phone, smsCode: values.smsCode } : {}),
        agreed: values.agreed === true,
        ...captchaAnswer(captcha, values.code),
      },
      {
        // the server answered with a session: the new user is logged in
        onSuccess: () => {
          toast('success', '注册成功，已为您登录')
          void navigate('/', { replace: true })
        },
        onError: () => renewCaptcha(captcha, form),
      },
    )
  }

  return (
    <AuthShell title="注册账号" subtitle="注册即可发布商品、下单购买，全程担保交易">
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => registering.isError && registering.reset()}
        className="auth-form"
        aria-label="注册表单"
      >
        <Form.Item name="username" label="用户名" extra={USERNAME_RULE.hint} rules={NEW_USERNAME_RULES}>
          <Input
            prefix={<UserOutlined />}
            placeholder="字母开头，4-20 位"
            autoComplete="username"
            maxLength={20}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          rules={NEW_PASSWORD_RULES}
          extra={<StrengthMeter password={password} />}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="8-32 位，含大小写字母、数字、符号中的三类"
            autoComplete="new-password"
            maxLength={PASSWORD_RULE.maxLength}
          />
        </Form.Item>
        <ConfirmPasswordField placeholder="请再次输入密码" maxLength={PASSWORD_RULE.maxLength} />
        <Form.Item
          name="nickName"
          label="昵称（选填）"
          rules={[{ max: 30, message: '昵称不能超过 30 个字' }]}
        >
          <Input prefix={<SmileOutlined />} placeholder="展示给其他用户的名字" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号（选填，绑定后可用短信找回密码）"
          rules={[{ pattern: PHONE, message: '请输入 11 位中国大陆手机号' }]}
        >
          <Input prefix={<MobileOutlined />} placeholder="11 位手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
        {PHONE.test(phone) ? (
          <Form.Item
            name="smsCode"
            label="短信验证码"
            rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
          >
            <SmsCodeInput send={() => sendCode.mutateAsync(phone)} />
          </Form.Item>
        ) : null}
        {captcha.enabled ? <CaptchaField captcha={captcha} icon={<SafetyOutlined />} /> : null}
        <AgreementsField />
        <ErrorAlert className="auth-form__alert" error={registering.error} />
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={registering.isPending}>
            注 册
          </Button>
        </Form.Item>
        <div className="auth-form__footer">
          <span>已有账号？</span>
          <Link to="/login.html">直接登录</Link>
        </div>
      </Form>
    </AuthShell>
  )
}
