/**
 * A temporary WeChat QR code: the image, the time left, a refresh once it expired, and in demo
 * installs a link to the sandbox's phone page (which plays WeChat's 扫一扫).
 */
import { useEffect, useState } from 'react'
import { Button, Spin } from 'antd'
import { ReloadOutlined, WechatOutlined } from '@ant-design/icons'
import type { WechatQrCode } from '@shared/api/wechat'
import { sandboxPhoneUrl } from '@renderer/api/wechat'
import './wechat.css'

function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!until) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return until ? Math.max(0, Math.floor((until - now) / 1000)) : 0
}

export function QrPanel({
  qr,
  loading,
  expired,
  hint,
  onRefresh,
}: {
  qr: WechatQrCode | undefined
  loading: boolean
  /** the server said the scene is gone (or the time ran out) */
  expired: boolean
  hint: string
  onRefresh(): void
}) {
  const left = useSecondsLeft(qr?.expiresAt)
  const gone = expired || (qr !== undefined && left === 0)
  return (
    <div className="wechat-qr">
      <div className={`wechat-qr__frame${gone ? ' wechat-qr__frame--gone' : ''}`}>
        {qr && !loading ? <img src={qr.qrImage} alt="微信扫码二维码" width={200} height={200} /> : <Spin />}
        {gone ? (
          <div className="wechat-qr__mask">
            <p>二维码已失效</p>
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRefresh}>
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <p className="wechat-qr__hint">
        <WechatOutlined /> {hint}
      </p>
      {qr && !gone ? <p className="wechat-qr__left">{left} 秒后失效</p> : null}
      {qr?.sandboxUrl && !gone ? (
        <a
          className="wechat-qr__sandbox"
          href={sandboxPhoneUrl(qr.sandboxUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          演示环境：打开沙箱手机扫码
        </a>
      ) : null}
    </div>
  )
}
