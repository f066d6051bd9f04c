/**
 * /user/payPass.html: set or change the 6-digit payment password. The login password proves who
 * asks; both travel RSA-encrypted. `?redirect=` returns to the page that asked (e.g. the pay page).
 */
import { useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Form, Input, Skeleton } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useSetPayPassword, walletQuery } from '@renderer/api/funds'
import { CentreLayout, ACCOUNT_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { PayPasswordInput, newPayPasswordRule } from '@renderer/components/PayPasswordInput'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

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
  const wallet = useQuery(walletQuery())
  const save = useSetPayPassword()
  const [form] = Form.useForm<Values>()
  const has = wallet.data?.hasPayPassword

  const submit = (values: Values) =>
    save.mutate(
      { payPassword: values.payPassword, loginPassword: values.loginPassword },
      {
        onSuccess: () => {
          toast('success', has ? '支付密码已修改' : '支付密码已设置')
          form.resetFields()
          if (redirect) void navigate(redirect)
        },
      },
    )

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title={has ? '修改支付密码' : '设置支付密码'}>
      <div className="centre-narrow" style={{ maxWidth: 420 }}>
        {wallet.isPending ? (
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
            <Form form={form} layout="vertical" onFinish={submit}>
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
              <ErrorAlert error={save.error} fallback="保存失败" style={{ marginBottom: 16 }} />
              <Button type="primary" htmlType="submit" loading={save.isPending} block>
                保存
              </Button>
            </Form>
          </>
        )}
      </div>
    </CentreLayout>
  )
}
