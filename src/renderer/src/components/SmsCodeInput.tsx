/**
 * A one-time code field with its 获取验证码 button: the button asks `send` for a code and then counts
 * down the server's resend wait (60 s). A refusal of the send shows under the field. Works as a
 * controlled antd Form control (value / onChange).
 */
import { useEffect, useState } from 'react'
import { Button, Input, Space } from 'antd'
import { SafetyOutlined } from '@ant-design/icons'
import { errorToShow } from '@renderer/utils/api-error'

export interface SmsCodeInputProps {
  value?: string
  onChange?: (value: string) => void
  /** asks the server for a code; resolves with the resend wait in seconds */
  send: () => Promise<{ resendIn: number; sentTo: string }>
  /** false: the button stays off (e.g. no phone number typed yet) */
  canSend?: boolean
  /** shown with the field, e.g. the aria-label */
  label?: string
}

export function SmsCodeInput({
  value,
  onChange,
  send,
  canSend = true,
  label = '短信验证码',
}: SmsCodeInputProps) {
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])

  const onSend = async () => {
    setSending(true)
    setNote(null)
    try {
      const result = await send()
      setLeft(result.resendIn)
      setNote({
        ok: true,
        text: result.sentTo ? `验证码已发送至 ${result.sentTo}` : '如信息无误，验证码已发送',
      })
    } catch (err) {
      // a refusal the request layer already toasted (a network failure) is not said again here
      const text = errorToShow(err, '验证码发送失败')
      setNote(text === undefined ? null : { ok: false, text })
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="sms-code-input">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          prefix={<SafetyOutlined />}
          value={value}
          onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6 位验证码"
          aria-label={label}
        />
        <Button onClick={() => void onSend()} loading={sending} disabled={!canSend || left > 0}>
          {left > 0 ? `${left} 秒后重发` : '获取验证码'}
        </Button>
      </Space.Compact>
      {note ? (
        <div
          role={note.ok ? 'status' : 'alert'}
          style={{
            marginTop: 4,
            fontSize: 12,
            color: note.ok ? 'var(--ant-color-text-secondary)' : 'var(--ant-color-error)',
          }}
        >
          {note.text}
        </div>
      ) : null}
    </div>
  )
}

/** The form rule of a 6-digit code. */
export const smsCodeRule = { required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }
