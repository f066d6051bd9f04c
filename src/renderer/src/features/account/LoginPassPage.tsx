/**
 * /user/loginPass.html: change the login password. The old one is checked (RSA-encrypted like at
 * login, wrong tries count toward the login lock); the new one follows the strength rule; every other
 * login of the user ends (docs/account-security.md).
 */
import { Alert, Button, Form, Input } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { PASSWORD_RULE } from '@shared/rules/account'
import { useChangePassword } from '@renderer/api/account'
import { useUserInfo } from '@renderer/api/auth'
import { MUST_CHANGE_PASSWORD_NOTICE } from '@renderer/app/password-gate'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { NewPasswordFields } from './NewPasswordFields'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

interface Values {
  oldPassword: string
  newPassword: string
  confirm: string
}

export default function LoginPassPage() {
  const [form] = Form.useForm<Values>()
  const change = useChangePassword()
  const mustChange = useUserInfo().data?.mustChangePassword === true

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="修改登录密码">
      <div className="centre-narrow" style={{ maxWidth: 420 }}>
        {mustChange ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={MUST_CHANGE_PASSWORD_NOTICE}
            description="原密码请填写平台告知您的临时密码；修改完成前不能使用其他功能。"
          />
        ) : null}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改成功后，您在其他设备上的登录将全部失效"
          description={`新密码要求：${PASSWORD_RULE.hint}`}
        />
        {change.isSuccess ? (
          <Alert
            type="success"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            title="登录密码已修改，其他设备已下线"
          />
        ) : null}
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) =>
            change.mutate(
              { oldPassword: v.oldPassword, newPassword: v.newPassword },
              { onSuccess: () => form.resetFields() },
            )
          }
          onValuesChange={() => change.isError && change.reset()}
        >
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" aria-label="原密码" />
          </Form.Item>
          <NewPasswordFields name="newPassword" />
          <ErrorAlert error={change.error} fallback="修改失败" style={{ marginBottom: 16 }} />
          <Button type="primary" htmlType="submit" block loading={change.isPending}>
            确认修改
          </Button>
        </Form>
      </div>
    </CentreLayout>
  )
}
