/**
 * 忘记密码 on the login page: the user name, a code sent to the account's bound phone, then a new
 * password. Every login of the account ends; the user logs in with the new password.
 */
import { Alert, Button, Form, Input, Modal } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useForgetReset, useForgetSend } from '@renderer/api/account'
import { SmsCodeInput, smsCodeRule } from '@renderer/components/SmsCodeInput'
import { NewPasswordFields } from './NewPasswordFields'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

interface Values {
  username: string
  smsCode: string
  password: string
  confirm: string
}

export function ForgetPasswordModal({
  open,
  onClose,
}: {
  open: boolean
  onClose: (username?: string) => void
}) {
  const [form] = Form.useForm<Values>()
  const send = useForgetSend()
  const reset = useForgetReset()
  const username = Form.useWatch('username', form) ?? ''

  return (
    <Modal open={open} title="找回登录密码" footer={null} onCancel={() => onClose()} destroyOnHidden>
      {reset.isSuccess ? (
        <>
          <Alert
            type="success"
            showIcon
            role="status"
            title="密码已重置，请使用新密码登录"
            style={{ marginBottom: 16 }}
          />
          <Button type="primary" block onClick={() => onClose(form.getFieldValue('username') as string)}>
            去登录
          </Button>
        </>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) =>
            reset.mutate({ username: v.username.trim(), smsCode: v.smsCode, password: v.password })
          }
          aria-label="找回密码表单"
        >
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              prefix={<UserOutlined />}
              autoComplete="username"
              maxLength={64}
              aria-label="找回密码的用户名"
            />
          </Form.Item>
          <Form.Item name="smsCode" label="短信验证码（发送至账号绑定的手机）" rules={[smsCodeRule]}>
            <SmsCodeInput canSend={username.trim() !== ''} send={() => send.mutateAsync(username.trim())} />
          </Form.Item>
          <NewPasswordFields name="password" />
          <ErrorAlert error={reset.error} fallback="重置失败" style={{ marginBottom: 16 }} />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            重置密码
          </Button>
        </Form>
      )}
    </Modal>
  )
}
