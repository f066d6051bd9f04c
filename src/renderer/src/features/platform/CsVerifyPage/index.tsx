/**
 * /platform/customServiceVerify.html 客服验证: a visitor checks whether a QQ number, WeChat id, phone
 * or e-mail that someone claims is our customer service really is (docs/platform-pages.md). The answer:
 * 是官方客服 with the staff member's public name, 曾是官方客服，已停用 for a retired contact, or a
 * clear warning; the anti-scam advice is always on the page.
 */
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Breadcrumb, Button, Form, Input, Result, Segmented } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import {
  ANTI_SCAM_ADVICE,
  CS_CHANNEL_FORMAT_MSG,
  CS_CHANNEL_LABELS,
  CS_CHANNELS,
  normalizeContact,
  type CsChannel,
  type CsVerifyResult,
} from '@shared/api/cs-verify'
import { SITE_NAME } from '@shared/constants'
import { useVerifyContact } from '@renderer/api/cs-verify'
import { parseTime } from '@renderer/utils/time'
import '../cs-verify.css'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const PLACEHOLDERS: Record<CsChannel, string> = {
  QQ: '请输入对方的 QQ 号',
  WECHAT: '请输入对方的微信号',
  PHONE: '请输入对方的电话号码',
  EMAIL: '请输入对方的邮箱地址',
  STAFF_NO: '请输入在线客服消息旁的工号，例如 KF1001',
}

function Verdict({ result }: { result: CsVerifyResult }) {
  const label = CS_CHANNEL_LABELS[result.channel]
  if (result.verdict === 'OFFICIAL')
    return (
      <Result
        status="success"
        title="是官方客服"
        subTitle={
          <>
            {label} <b>{result.value}</b> 是{SITE_NAME}官方客服「{result.staffName}」。
            即使是官方客服，也请只在本平台下单付款。
          </>
        }
        data-testid="cs-verdict"
        data-verdict="OFFICIAL"
      />
    )
  if (result.verdict === 'FORMER')
    return (
      <Result
        status="warning"
        title="曾是官方客服，已停用"
        subTitle={
          <>
            {label} <b>{result.value}</b> 曾是官方客服「{result.staffName}」，
            {result.retiredAt ? `已于 ${parseTime(result.retiredAt, 'YYYY-MM-DD')} 停用，` : '已停用，'}
            现在不代表{SITE_NAME}。请勿向其转账或透露账号信息。
          </>
        }
        data-testid="cs-verdict"
        data-verdict="FORMER"
      />
    )
  return (
    <Result
      status="error"
      title="不是官方客服，谨防诈骗！"
      subTitle={
        <>
          {label} <b>{result.value}</b> 不是{SITE_NAME}的客服。请立即停止与对方的一切转账、付款，
          不要提供密码或验证码。
        </>
      }
      data-testid="cs-verdict"
      data-verdict="UNKNOWN"
    />
  )
}

/**
 * `?channel=STAFF_NO&value=KF1001` (an agent's 工号 beside their 在线客服 messages links here): the
 * page opens with it filled in and checks it at once.
 */
function prefilled(search: string): { channel: CsChannel; value: string } | null {
  const q = new URLSearchParams(search)
  const channel = q.get('channel') as CsChannel | null
  const value = q.get('value') ?? ''
  if (!channel || !(CS_CHANNELS as readonly string[]).includes(channel)) return null
  return normalizeContact(channel, value) === null ? null : { channel, value }
}

export default function CsVerifyPage() {
  const location = useLocation()
  const [initial] = useState(() => prefilled(location.search))
  const [channel, setChannel] = useState<CsChannel>(initial?.channel ?? 'QQ')
  const [value, setValue] = useState(initial?.value ?? '')
  const [inputError, setInputError] = useState<string | null>(null)
  const verify = useVerifyContact()
  useEffect(() => {
    if (initial) verify.mutate(initial)
  }, []) // eslint-disable-line react-hooks/exhaustive-deps

  const submit = () => {
    if (!value.trim()) return setInputError(`${PLACEHOLDERS[channel]}`)
    if (normalizeContact(channel, value) === null) return setInputError(CS_CHANNEL_FORMAT_MSG[channel])
    setInputError(null)
    verify.mutate({ channel, value })
  }

  return (
    <div className="page-container cs-verify-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[{ title: <Link to="/">首页</Link> }, { title: '平台服务' }, { title: '客服验证' }]}
      />
      <section className="panel cs-verify">
        <header className="cs-verify__header">
          <SafetyCertificateOutlined className="cs-verify__icon" />
          <div>
            <h1 className="page-title">客服验证</h1>
            <p className="cs-verify__lead">
              有人自称{SITE_NAME}客服联系您？输入对方的 QQ、微信、电话或邮箱，立即验证真伪。
            </p>
          </div>
        </header>
        <Form className="cs-verify__form" onFinish={submit} layout="vertical">
          <Segmented
            value={channel}
            onChange={(v) => {
              setChannel(v)
              setInputError(null)
              verify.reset()
            }}
            options={CS_CHANNELS.map((c) => ({ value: c, label: CS_CHANNEL_LABELS[c] }))}
          />
          <Form.Item
            validateStatus={inputError ? 'error' : undefined}
            help={inputError ?? undefined}
            className="cs-verify__field"
          >
            <Input
              size="large"
              value={value}
              maxLength={64}
              allowClear
              aria-label="待验证的联系方式"
              placeholder={PLACEHOLDERS[channel]}
              onChange={(e) => setValue(e.target.value)}
            />
          </Form.Item>
          <Button type="primary" size="large" htmlType="submit" loading={verify.isPending}>
            立即验证
          </Button>
        </Form>
        <div className="cs-verify__result" aria-live="polite">
          {verify.isError ? (
            <ErrorAlert error={verify.error} fallback="验证失败，请稍后再试" />
          ) : verify.data ? (
            <Verdict result={verify.data} />
          ) : null}
        </div>
      </section>
      <section className="panel cs-verify-advice">
        <h2>防骗提示</h2>
        <ol>
          {ANTI_SCAM_ADVICE.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ol>
      </section>
    </div>
  )
}
