/**
 * /user/userBase.html 个人资料: nickname, avatar (an uploaded image the server crops square), gender
 * (dictionary sys_user_sex), QQ, signature, and the e-mail verified by a code. Saved changes show at
 * once in the header and the shop (their queries are invalidated).
 */
import { useState } from 'react'
import { Avatar, Button, Form, Input, Select, Skeleton, Space, Upload } from 'antd'
import { UploadOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import {
  profileQuery,
  useBindEmail,
  useSendEmailCode,
  useUpdateAvatar,
  useUpdateProfile,
} from '@renderer/api/account'
import { uploadGoodsImage } from '@renderer/api/goods'
import { dictQuery } from '@renderer/api/system'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { SmsCodeInput, smsCodeRule } from '@renderer/components/SmsCodeInput'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

interface Values {
  nickName: string
  gender: '0' | '1' | '2'
  qq?: string
  signature?: string
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export default function UserBasePage() {
  const profile = useQuery(profileQuery())
  const genders = useQuery(dictQuery('sys_user_sex'))
  const save = useUpdateProfile()
  const avatar = useUpdateAvatar()
  const sendEmail = useSendEmailCode()
  const bindEmail = useBindEmail()
  const [uploading, setUploading] = useState(false)
  const [emailForm] = Form.useForm<{ email: string; code: string }>()
  const email = Form.useWatch('email', emailForm) ?? ''
  const p = profile.data

  const onAvatar = async (file: File) => {
    setUploading(true)
    try {
      const image = await uploadGoodsImage(file)
      await avatar.mutateAsync(image.imageId)
      toast('success', '头像已更新')
    } catch (err) {
      toastError(err, '头像上传失败')
    } finally {
      setUploading(false)
    }
    return false
  }

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="个人资料">
      {profile.isPending || !p ? (
        <Skeleton active />
      ) : (
        <div className="centre-narrow" style={{ maxWidth: 480 }}>
          <Space align="center" style={{ marginBottom: 24 }}>
            <Avatar size={72} src={p.avatar || undefined} icon={<UserOutlined />} alt="头像" />
            <Upload
              accept="image/png,image/jpeg,image/webp"
              showUploadList={false}
              beforeUpload={(f) => onAvatar(f)}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                更换头像
              </Button>
            </Upload>
            <span style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>
              图片将居中裁剪为正方形
            </span>
          </Space>
          <Form<Values>
            layout="vertical"
            initialValues={{
              nickName: p.nickName,
              gender: p.gender as Values['gender'],
              qq: p.qq,
              signature: p.signature,
            }}
            onFinish={(v) => save.mutate(v, { onSuccess: () => toast('success', '个人资料已保存') })}
          >
            <Form.Item label="用户名">
              <Input value={p.userName} disabled aria-label="用户名" />
            </Form.Item>
            <Form.Item
              name="nickName"
              label="昵称"
              rules={[{ required: true, whitespace: true, message: '请输入昵称' }]}
            >
              <Input maxLength={20} aria-label="昵称" />
            </Form.Item>
            <Form.Item name="gender" label="性别">
              <Select
                aria-label="性别"
                options={(genders.data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
              />
            </Form.Item>
            <Form.Item
              name="qq"
              label="QQ"
              rules={[{ pattern: /^([1-9]\d{4,11})?$/, message: 'QQ 号为 5-12 位数字' }]}
            >
              <Input maxLength={12} inputMode="numeric" aria-label="QQ" />
            </Form.Item>
            <Form.Item name="signature" label="个性签名">
              <Input.TextArea maxLength={100} rows={2} showCount aria-label="个性签名" />
            </Form.Item>
            <ErrorAlert error={save.error} fallback="保存失败" style={{ marginBottom: 16 }} />
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存资料
            </Button>
          </Form>

          <h3 style={{ marginTop: 32 }}>邮箱</h3>
          <p>{p.email ? `${p.email}（${p.emailVerified ? '已验证' : '未验证'}）` : '未绑定邮箱'}</p>
          <Form
            form={emailForm}
            layout="vertical"
            onFinish={(v) => bindEmail.mutate(v, { onSuccess: () => emailForm.resetFields() })}
          >
            <Form.Item
              name="email"
              label="新邮箱"
              rules={[{ required: true, pattern: EMAIL, message: '请输入正确的邮箱' }]}
            >
              <Input maxLength={100} aria-label="新邮箱" />
            </Form.Item>
            <Form.Item name="code" label="邮箱验证码" rules={[smsCodeRule]}>
              <SmsCodeInput
                label="邮箱验证码"
                canSend={EMAIL.test(email)}
                send={() => sendEmail.mutateAsync(email)}
              />
            </Form.Item>
            <ErrorAlert error={bindEmail.error} fallback="绑定失败" style={{ marginBottom: 16 }} />
            <Button htmlType="submit" loading={bindEmail.isPending}>
              验证并绑定
            </Button>
          </Form>
        </div>
      )}
    </CentreLayout>
  )
}
