/**
 * The desktop client pays a top-up by QR code (docs/payments.md): the provider's code drawn here, to
 * be scanned with the phone's 支付宝 or 微信; the top-up is asked again every two seconds until it is
 * paid, then the dialog says so and goes on. The QR library loads with the dialog only.
 */
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Modal, Result, Spin } from 'antd'
import { topupQuery } from '@renderer/api/funds'

const POLL_MS = 2_000

export function TopupQrDialog({
  topupNo,
  qrCode,
  channelLabel,
  onPaid,
  onClose,
}: {
  topupNo: string
  qrCode: string
  channelLabel: string
  onPaid: () => void
  onClose: () => void
}) {
  const [image, setImage] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(qrCode, { width: 240, margin: 1 }).then((url) => live && setImage(url)),
    )
    return () => {
      live = false
    }
  }, [qrCode])
  const topup = useQuery({
    ...topupQuery(topupNo),
    refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? POLL_MS : false),
  })
  const paid = topup.data?.status === 'PAID'
  return (
    <Modal
      open
      title={`${channelLabel}扫码支付`}
      onCancel={onClose}
      footer={null}
      width={360}
      destroyOnHidden
    >
      {paid ? (
        <Result
          status="success"
          title="支付成功"
          subTitle="充值已到账"
          extra={<a onClick={onPaid}>继续</a>}
        />
      ) : (
        <div style={{ textAlign: 'center' }}>
          {image ? <img src={image} width={240} height={240} alt={`${channelLabel}支付二维码`} /> : <Spin />}
          <p>请用手机{channelLabel}扫一扫完成支付</p>
          <p style={{ color: '#999', fontSize: 12 }}>充值单号 {topupNo}，支付后此处自动更新</p>
        </div>
      )}
    </Modal>
  )
}
