/**
 * /writeoff.html 注销账号: the conditions with their current state (no open orders, disputes,
 * listings on sale, balance or frozen funds), a code to the bound phone, then 15 days of
 * cooling-off in which logging in again cancels the request. Requesting ends every session.
 */
import { Alert, Button, Card, Checkbox, Form, List, Result, Skeleton, Tag } from 'antd'
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router-dom'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  forgetLogin,
  useCancelWriteoff,
  useRequestWriteoff,
  useSendCode,
  writeoffQuery,
} from '@renderer/api/account'
import { SmsCodeInput, smsCodeRule } from '@renderer/components/SmsCodeInput'
import { parseTime } from '@renderer/utils/time'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export default function WriteoffPage() {
  const status = useQuery(writeoffQuery())
  const send = useSendCode()
  const request = useRequestWriteoff()
  const cancel = useCancelWriteoff()
  const [agreed, setAgreed] = useState(false)
  const navigate = useNavigate()
  const s = status.data

  if (request.isSuccess) {
    const due = request.data.request?.dueAt
    return (
      <div style={{ maxWidth: 560, margin: '40px auto' }}>
        <Result
          status="success"
          title="注销申请已提交"
          subTitle={`账号将于 ${due ? parseTime(due, 'YYYY-MM-DD HH:mm') : '15 天后'} 注销。冷静期内重新登录即自动撤销申请。您已退出登录。`}
          extra={
            <Button
              type="primary"
              onClick={() => {
                forgetLogin()
                void navigate('/', { replace: true })
              }}
            >
              返回首页
            </Button>
          }
        />
      </div>
    )
  }

  return (
    <div style={{ maxWidth: 600, margin: '32px auto', padding: '0 16px' }}>
      <Card title="注销账号">
        {status.isPending ? (
          <Skeleton active />
        ) : !s ? (
          <ErrorAlert error={status.error} fallback="加载失败" />
        ) : s.request ? (
          <Result
            status="warning"
            title="注销冷静期中"
            subTitle={`账号将于 ${parseTime(s.request.dueAt, 'YYYY-MM-DD HH:mm')} 注销`}
            extra={
              <Button type="primary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                撤销注销申请
              </Button>
            }
          />
        ) : (
          <>
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="注销后无法恢复"
              description="注销后账号无法登录，昵称、头像、手机、邮箱、实名信息等个人资料将被清除；交易记录和资金流水依法保留；用户名不会再分配给他人。提交后有 15 天冷静期，期间重新登录即撤销申请。"
            />
            <List
              header="注销条件"
              dataSource={s.conditions}
              renderItem={(c) => (
                <List.Item aria-label={c.label}>
                  <List.Item.Meta
                    avatar={
                      c.ok ? (
                        <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} />
                      ) : (
                        <CloseCircleFilled style={{ color: 'var(--ant-color-error)' }} />
                      )
                    }
                    title={c.label}
                    description={c.detail}
                  />
                  {c.ok ? <Tag color="green">满足</Tag> : <Tag color="red">不满足</Tag>}
                </List.Item>
              )}
            />
            {!s.hasPhone ? (
              <Alert
                type="info"
                showIcon
                style={{ margin: '16px 0' }}
                title="注销需要验证绑定手机"
                action={<Link to="/user/phoneBind.html">去绑定</Link>}
              />
            ) : null}
            <Form
              layout="vertical"
              style={{ marginTop: 16 }}
              onFinish={(v: { smsCode: string }) => request.mutate(v.smsCode)}
            >
              <Form.Item name="smsCode" label="绑定手机验证码" rules={[smsCodeRule]}>
                <SmsCodeInput
                  canSend={s.allMet && s.hasPhone}
                  send={() => send.mutateAsync({ purpose: 'WRITEOFF' })}
                />
              </Form.Item>
              <Checkbox
                checked={agreed}
                onChange={(e) => setAgreed(e.target.checked)}
                style={{ marginBottom: 16 }}
              >
                我已了解注销后果，确认注销
              </Checkbox>
              <ErrorAlert error={request.error} fallback="提交失败" style={{ marginBottom: 16 }} />
              <Button
                danger
                type="primary"
                htmlType="submit"
                block
                disabled={!s.allMet || !agreed}
                loading={request.isPending}
              >
                提交注销申请
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  )
}
