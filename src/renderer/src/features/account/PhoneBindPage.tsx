/**
 * /user/phoneBind.html 手机换绑: step 1 proves the owner — a code to the old phone, or (old phone
 * lost) the verified real name; step 2 binds the new number with its own code. Without a bound phone
 * the page starts at step 2.
 */
import { useState } from 'react'
import { Alert, Button, Form, Input, Segmented, Skeleton, Steps } from 'antd'
import { MobileOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { securityQuery, usePhoneBind, usePhoneVerifyOld, useSendCode } from '@renderer/api/account'
import { ACCOUNT_CENTRE, CentreLayout } from '@renderer/app/layouts/CentreLayout'
import { SmsCodeInput, smsCodeRule } from '@renderer/components/SmsCodeInput'
import { idNumberRule, realNameRule } from './UserCertPage'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const PHONE = /^1[3-9]\d{9}$/

export default function PhoneBindPage() {
  const security = useQuery(securityQuery())
  const send = useSendCode()
  const verifyOld = usePhoneVerifyOld()
  const bind = usePhoneBind()
  const [ticket, setTicket] = useState<string | null>(null)
  const [way, setWay] = useState<'sms' | 'realName'>('sms')
  const [form] = Form.useForm<{ phone: string; smsCode: string }>()
  const newPhone = Form.useWatch('phone', form) ?? ''

  if (security.isPending)
    return (
      <CentreLayout centre={ACCOUNT_CENTRE} title="手机换绑">
        <Skeleton active />
      </CentreLayout>
    )
  const bound = security.data?.phone ?? ''
  const step = bind.isSuccess ? 2 : bound && !ticket ? 0 : 1

  return (
    <CentreLayout centre={ACCOUNT_CENTRE} title="手机换绑">
      <div className="centre-narrow" style={{ maxWidth: 460 }}>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: '验证身份' }, { title: '绑定新手机' }, { title: '完成' }]}
        />
        {step === 0 ? (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`当前绑定手机：${bound}`} />
            <Segmented
              block
              style={{ marginBottom: 16 }}
              value={way}
              onChange={(v) => setWay(v as 'sms' | 'realName')}
              options={[
                { label: '原手机验证', value: 'sms' },
                { label: '原手机已丢失（实名验证）', value: 'realName' },
              ]}
            />
            <Form
              layout="vertical"
              onFinish={(v: { smsCode?: string; realName?: string; idNumber?: string }) =>
                verifyOld.mutate(
                  way === 'sms'
                    ? { smsCode: v.smsCode }
                    : { realName: v.realName, idNumber: v.idNumber?.toUpperCase() },
                  {
                    onSuccess: (r) => setTicket(r.ticket),
                  },
                )
              }
            >
              {way === 'sms' ? (
                <Form.Item name="smsCode" label="原手机验证码" rules={[smsCodeRule]}>
                  <SmsCodeInput
                    label="原手机验证码"
                    send={() => send.mutateAsync({ purpose: 'PHONE_OLD' })}
                  />
                </Form.Item>
              ) : (
                <>
                  <Form.Item name="realName" label="真实姓名" rules={[realNameRule]}>
                    <Input aria-label="真实姓名" maxLength={20} />
                  </Form.Item>
                  <Form.Item name="idNumber" label="身份证号" rules={[idNumberRule]}>
                    <Input aria-label="身份证号" maxLength={18} />
                  </Form.Item>
                </>
              )}
              <ErrorAlert error={verifyOld.error} fallback="验证失败" style={{ marginBottom: 16 }} />
              <Button type="primary" htmlType="submit" block loading={verifyOld.isPending}>
                下一步
              </Button>
            </Form>
          </>
        ) : null}
        {step === 1 ? (
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) =>
              bind.mutate({ phone: v.phone, smsCode: v.smsCode, ...(ticket ? { ticket } : {}) })
            }
          >
            <Form.Item
              name="phone"
              label="新手机号"
              rules={[{ required: true, pattern: PHONE, message: '请输入 11 位中国大陆手机号' }]}
            >
              <Input prefix={<MobileOutlined />} maxLength={11} inputMode="numeric" aria-label="新手机号" />
            </Form.Item>
            <Form.Item name="smsCode" label="新手机验证码" rules={[smsCodeRule]}>
              <SmsCodeInput
                label="新手机验证码"
                canSend={PHONE.test(newPhone)}
                send={() => send.mutateAsync({ purpose: 'PHONE_NEW', phone: newPhone })}
              />
            </Form.Item>
            <ErrorAlert error={bind.error} fallback="绑定失败" style={{ marginBottom: 16 }} />
            <Button type="primary" htmlType="submit" block loading={bind.isPending}>
              确认绑定
            </Button>
          </Form>
        ) : null}
        {step === 2 ? (
          <Alert
            type="success"
            showIcon
            role="status"
            title="手机号已更换"
            description={`新的绑定手机：${security.data?.phone ?? ''}`}
          />
        ) : null}
      </div>
    </CentreLayout>
  )
}
