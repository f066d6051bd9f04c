/**
 * /user/payPass.html: set or change the 6-digit payment password. The login password proves who
 * asks; both travel RSA-encrypted. `?redirect=` returns to the page that asked (e.g. the pay page).
 */
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Form, Input, Skeleton } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { getWallet, setPayPassword } from '@renderer/api/funds'
import { apiErrorText } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { encryptPasswords } from '@renderer/features/trade/pay-password'
import { PayPasswordInput, newPayPasswordRule } from '@renderer/features/trade/PayPage'
import { CentreLayout, ACCOUNT_CENTRE } from '@renderer/app/layouts/CentreLayout'

interface Values {
  loginPassword: string
  payPassword: string
  confirm: string
}

/** Only paths of this site are followed. */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null
}

export default function PayPassPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = safeRedirect(params.get('redirect'))
  const wallet = useQuery(['wallet'], getWallet)
  const [form] = Form.useForm<Values>()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const has = wallet.data?.hasPayPassword

  const submit = async (values: Values) => {
    setSaving(true)
    setError('')
    try {
      const [payPassword, loginPassword] = await encryptPasswords(values.payPassword, values.loginPassword)
      await setPayPassword({ payPassword: payPassword as string, loginPassword: loginPassword as string })
      toast('success', has ? '支付密码已修改' : '支付密码已设置')
      form.resetFields()
      if (redirect) void navigate(redirect)
      else wallet.reload()
    } catch (err) {
      setError(apiErrorText(err, '保存失败'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title={has ? '修改支付密码' : '设置支付密码'}>
      <div className="centre-narrow" style={{ maxWidth: 420 }}>
        {wallet.loading && !wallet.data ? (
          <Skeleton active />
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={has ? '您已设置支付密码，可以在这里修改' : '您还没有设置支付密码'}
              description="支付密码为 6 位数字，用于余额支付和提现；连续输错 5 次将锁定支付 30 分钟。"
            />
            <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
              <Form.Item
                name="loginPassword"
                label="登录密码"
                rules={[{ required: true, message: '请输入登录密码以验证身份' }]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  autoComplete="current-password"
                  aria-label="登录密码"
                />
              </Form.Item>
              <Form.Item name="payPassword" label="新支付密码" rules={[newPayPasswordRule]}>
                <PayPasswordInput />
              </Form.Item>
              <Form.Item
                name="confirm"
                label="确认支付密码"
                dependencies={['payPassword']}
                rules={[
                  { required: true, message: '请再次输入支付密码' },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string) =>
                      !value || value === getFieldValue('payPassword')
                        ? Promise.resolve()
                        : Promise.reject(new Error('两次输入的支付密码不一致')),
                  }),
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-label="确认支付密码"
                  placeholder="再次输入 6 位数字"
                />
              </Form.Item>
              {error ? (
                <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
              ) : null}
              <Button type="primary" htmlType="submit" loading={saving} block>
                保存
              </Button>
            </Form>
          </>
        )}
      </div>
    </CentreLayout>
  )
}
