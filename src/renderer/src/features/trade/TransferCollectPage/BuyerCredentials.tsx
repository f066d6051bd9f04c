/** The buyer's side of the transfer page: the delivered credentials with copy buttons, then confirm receipt. */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Button, Skeleton, Tooltip } from 'antd'
import { CopyOutlined, SafetyCertificateOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import type { Order } from '@shared/api/trade'
import { credentialsQuery } from '@renderer/api/trade'
import { formatTradeTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ConfirmReceiptModal } from '../ConfirmReceiptModal'
import { RebindChecklist } from './RebindChecklist'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

async function copy(text: string, label: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast('success', `${label}已复制`)
  } catch {
    toast('warning', '复制失败，请手动选择复制')
  }
}

export function BuyerCredentials({ order }: { order: Order }) {
  const navigate = useNavigate()
  const allowed = order.actions.includes('viewCredentials')
  const credentials = useQuery({ ...credentialsQuery(order.orderNo), enabled: allowed })
  const [confirming, setConfirming] = useState(false)
  if (!allowed) {
    return (
      <Alert
        type="info"
        showIcon
        title="卖家尚未交付账号信息"
        description="卖家提交交付信息后，您会收到订单消息，届时可在这里查看。"
      />
    )
  }
  if (credentials.error) return <ErrorAlert error={credentials.error} fallback="账号信息加载失败" />
  if (!credentials.data) return <Skeleton active />
  return (
    <>
      <Alert
        type="warning"
        showIcon
        icon={<SafetyCertificateOutlined />}
        title="请立即登录游戏修改密码，并换绑您自己的手机号"
        description="不要把账号信息告诉任何人，平台工作人员不会向您索要。核对无误后再确认收货；有问题请在担保聊天室申请仲裁。"
      />
      <dl className="credential-list" aria-label="账号信息">
        {credentials.data.fields.map((field) => (
          <div className="credential-row" key={field.key}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
            <Tooltip title={`复制${field.label}`}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={`复制${field.label}`}
                onClick={() => void copy(field.value, field.label)}
              />
            </Tooltip>
          </div>
        ))}
      </dl>
      <p className="order-card__sub">
        交付时间 {formatTradeTime(credentials.data.deliveredAt)}
        {credentials.data.automatic ? '（平台按卖家的发货账号自动交付）' : ''}
      </p>
      {credentials.data.corrections.length > 0 ? (
        <Alert
          type="info"
          showIcon
          title="卖家修改过交付信息，以上为最新内容"
          description={
            <ul className="handover-corrections">
              {credentials.data.corrections.map((c) => (
                <li key={c.at}>
                  {formatTradeTime(c.at)} 修改了：{c.fields}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {order.goodsType === 'ACCOUNT' ? <RebindChecklist orderNo={order.orderNo} /> : null}
      <div className="trade-footer">
        <Button
          href={`/warrantOrderHandler.html?orderNo=${encodeURIComponent(order.orderNo)}`}
          target="_blank"
        >
          担保聊天室
        </Button>
        {order.actions.includes('confirm') ? (
          <Button type="primary" onClick={() => setConfirming(true)}>
            确认收货
          </Button>
        ) : null}
      </div>
      <ConfirmReceiptModal
        order={order}
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirmed={() => void navigate('/buyer/buyOrder.html')}
      />
    </>
  )
}
