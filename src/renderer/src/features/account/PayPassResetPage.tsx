/**
 * /user/warrant.html 找回支付密码: a code to the bound phone plus the verified real name, then a new
 * 6-digit payment password (the payment lock is lifted). Changing a known one stays on /user/payPass.html.
 */
import { Alert, Button, Form, Input } from 'antd'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { securityQuery, useResetPayPassword, useSendCode } from '@renderer/api/account'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { PayPasswordInput, newPayPasswordRule } from '@renderer/components/PayPasswordInput'
import { SmsCodeInput, smsCodeRule } from '@renderer/components/SmsCodeInput'
import { idNumberRule, realNameRule } from './UserCertPage'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

interface Values {
  smsCode: string
  realName: string
  idNumber: string
  payPassword: string
}

export default function PayPassResetPage() {
  const security = useQuery(securityQuery())
  const send = useSendCode()
  const reset = useResetPayPassword()
  const [form] = Form.useForm<Values>()
  const verified = security.data?.realName.status === 'VERIFIED'

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="找回支付密码">
      <div className="centre-narrow" style={{ maxWidth: 440 }}>
        {security.data && !verified ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="找回支付密码需要先完成实名认证"
            action={<Link to="/user/userCert.html">去实名认证</Link>}
          />
        ) : null}
        {security.data && !security.data.phone ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="请先绑定手机号"
            action={<Link to="/user/phoneBind.html">去绑定</Link>}
          />
        ) : null}
        {reset.isSuccess ? (
          <Alert type="success" showIcon role="status" style={{ marginBottom: 16 }} title="支付密码已重置" />
        ) : null}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) =>
            reset.mutate(
              { ...v, realName: v.realName.trim(), idNumber: v.idNumber.trim().toUpperCase() },
              { onSuccess: () => form.resetFields() },
            )
          }
        >
          <Form.Item
            name="smsCode"
            label={`绑定手机验证码${security.data?.phone ? `（${security.data.phone}）` : ''}`}
            rules={[smsCodeRule]}
          >
            <SmsCodeInput
              canSend={Boolean(security.data?.phone)}
              send={() => send.mutateAsync({ purpose: 'PAY_RESET' })}
            />
          </Form.Item>
          <Form.Item name="realName" label="真实姓名" rules={[realNameRule]}>
            <Input maxLength={20} aria-label="真实姓名" />
          </Form.Item>
          <Form.Item name="idNumber" label="身份证号" rules={[idNumberRule]}>
            <Input maxLength={18} aria-label="身份证号" />
          </Form.Item>
          <Form.Item name="payPassword" label="新支付密码" rules={[newPayPasswordRule]}>
            <PayPasswordInput />
          </Form.Item>
          <ErrorAlert error={reset.error} fallback="重置失败" style={{ marginBottom: 16 }} />
          <Button type="primary" htmlType="submit" block loading={reset.isPending} disabled={!verified}>
            重置支付密码
          </Button>
        </Form>
      </div>
    </CentreLayout>
  )
}
