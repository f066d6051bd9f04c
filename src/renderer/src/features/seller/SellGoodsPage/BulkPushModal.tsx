/**
 * 批量推送: one push per selected listing on sale, for the chosen duration, counted against the
 * daily quota of the push module (the server refuses those beyond it, each with its reason).
 */
import { useState } from 'react'
import { Alert, Modal, Radio } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { pushQuotaQuery } from '@renderer/api/seller'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useBulkDialog, type BulkDialogProps } from './use-bulk-dialog'

export function BulkPushModal({ goods, onClose, onDone }: BulkDialogProps) {
  const quota = useQuery(pushQuotaQuery())
  const bulk = useBulkDialog(goods, onDone)
  const [hours, setHours] = useState<number | null>(null)
  const options = quota.data?.hourOptions ?? []
  const chosen = hours ?? options[0] ?? null
  const left = quota.data ? Math.max(0, quota.data.dailyQuota - quota.data.usedToday) : null
  const notOnSale = goods.filter((g) => g.status !== 'ON_SALE').length

  const apply = () => {
    if (chosen === null) return
    bulk.run({ kind: 'push', hours: chosen })
  }

  return (
    <Modal
      open
      title={`批量推送（${goods.length} 件）`}
      okText="确认推送"
      okButtonProps={{ disabled: chosen === null || left === 0 }}
      cancelText="取消"
      confirmLoading={bulk.pending}
      onOk={apply}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>推送后商品在所属游戏的列表中置顶展示，每件商品计一次推送。</p>
      {left !== null ? (
        <p>
          今日剩余推送次数：<strong>{left}</strong> / {quota.data?.dailyQuota}
        </p>
      ) : null}
      <Radio.Group
        value={chosen}
        onChange={(e) => setHours(e.target.value as number)}
        optionType="button"
        aria-label="推送时长"
        options={options.map((h) => ({ value: h, label: `${h} 小时` }))}
      />
      {left !== null && goods.length - notOnSale > left ? (
        <Alert
          className="bulk-price__alert"
          type="warning"
          showIcon
          title={`今日仅剩 ${left} 次推送，超出的商品将不会推送`}
        />
      ) : null}
      {notOnSale > 0 ? (
        <Alert
          className="bulk-price__alert"
          type="info"
          showIcon
          title={`${notOnSale} 件商品不在售，不能推送`}
        />
      ) : null}
      <ErrorAlert error={bulk.error} fallback="推送失败" className="bulk-price__alert" />
    </Modal>
  )
}
