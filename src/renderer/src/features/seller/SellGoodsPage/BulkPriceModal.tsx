/**
 * 批量改价: by an amount (± 元) or a percentage (± %) of each selected listing's price. The preview
 * lists every listing's current and new price before anything is saved; a listing whose new price
 * would break the price rule is marked and left unchanged (docs/seller-tools.md).
 */
import { useMemo, useState } from 'react'
import { Alert, Input, Modal, Radio, Table, Typography } from 'antd'
import type { BulkPriceMode } from '@shared/rules/bulk-price'
import { formatYuan } from '@renderer/utils/money'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useBulkDialog, type BulkDialogProps } from './use-bulk-dialog'
import { previewPrices, readPriceChange, type PricePreviewRow } from './bulk'

export function BulkPriceModal({ goods, onClose, onDone }: BulkDialogProps) {
  const [mode, setMode] = useState<BulkPriceMode>('PERCENT')
  const [text, setText] = useState('')
  const bulk = useBulkDialog(goods, onDone)
  const read = useMemo(() => readPriceChange(mode, text), [mode, text])
  const rows = useMemo(() => ('change' in read ? previewPrices(goods, read.change) : []), [goods, read])
  const changeable = rows.filter((r) => !r.problem).length

  const apply = () => {
    if (!('change' in read)) return
    bulk.run({ kind: 'price', ...read.change })
  }

  return (
    <Modal
      open
      title={`批量改价（${goods.length} 件）`}
      okText={changeable > 0 ? `确认改价 ${changeable} 件` : '确认改价'}
      okButtonProps={{ disabled: changeable === 0 }}
      cancelText="取消"
      confirmLoading={bulk.pending}
      onOk={apply}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <div className="bulk-price__form">
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as BulkPriceMode)}
          optionType="button"
          options={[
            { value: 'PERCENT', label: '按比例（%）' },
            { value: 'AMOUNT', label: '按金额（元）' },
          ]}
        />
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={mode === 'PERCENT' ? '调整比例（%）' : '调整金额（元）'}
          placeholder={mode === 'PERCENT' ? '如 -10 表示降价 10%' : '如 -5.50 表示每件降价 5.50 元'}
          suffix={mode === 'PERCENT' ? '%' : '元'}
          maxLength={16}
          inputMode="decimal"
          className="bulk-price__input"
          autoFocus
        />
      </div>
      <Typography.Paragraph type="secondary" className="bulk-price__hint">
        按比例调整时四舍五入到分；调整后价格不能低于最低价，这样的商品保持原价。
      </Typography.Paragraph>
      {text.trim() !== '' && 'error' in read ? (
        <Alert type="warning" showIcon title={read.error} className="bulk-price__alert" />
      ) : null}
      {rows.length > 0 ? (
        <div role="region" aria-label="新价格预览">
          <Table<PricePreviewRow>
            rowKey="goodsId"
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ y: 280 }}
            columns={[
              { title: '商品', dataIndex: 'title', ellipsis: true },
              { title: '当前价格', dataIndex: 'price', width: 120, render: (fen: number) => formatYuan(fen) },
              {
                title: '新价格',
                key: 'newPrice',
                width: 190,
                render: (_, r) =>
                  r.problem ? (
                    <Typography.Text type="danger">{r.problem}</Typography.Text>
                  ) : (
                    <strong className="seller-price">{formatYuan(r.newPrice)}</strong>
                  ),
              },
            ]}
          />
        </div>
      ) : null}
      <ErrorAlert error={bulk.error} fallback="改价失败" className="bulk-price__alert" />
    </Modal>
  )
}
