import { useState } from 'react'
import { Alert, Button, Descriptions } from 'antd'
import type { TransferField } from '@shared/api/game'

/** What the seller is about to hand over, for a last look (secrets shown as dots until asked). */
export function ReviewHandOver({
  fields,
  values,
  onBack,
  onSubmit,
  saving,
  correcting,
}: {
  fields: TransferField[]
  values: Record<string, string>
  onBack: () => void
  onSubmit: () => void
  saving: boolean
  correcting: boolean
}) {
  const [reveal, setReveal] = useState(false)
  const shown = fields.filter((f) => values[f.key])
  return (
    <section aria-label="核对交付信息">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={correcting ? '请核对修改后的交付信息' : '请核对交付信息，提交后买家即可查看'}
        description={
          correcting
            ? '提交后买家会收到修改通知，确认收货的 72 小时重新计时。每次修改都会记录。'
            : '买家确认收货前，您仍可修改交付信息；每次修改都会记录并通知买家。'
        }
      />
      <Descriptions bordered size="small" column={1} className="handover-review">
        {shown.map((f) => (
          <Descriptions.Item key={f.key} label={f.label}>
            {f.secret || f.kind === 'password' ? (reveal ? values[f.key] : '••••••') : values[f.key]}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <div className="trade-footer">
        <Button onClick={onBack}>返回修改</Button>
        <Button onClick={() => setReveal((r) => !r)}>{reveal ? '隐藏密码' : '显示密码'}</Button>
        <Button type="primary" loading={saving} onClick={onSubmit}>
          {correcting ? '确认修改' : '确认提交'}
        </Button>
      </div>
    </section>
  )
}
