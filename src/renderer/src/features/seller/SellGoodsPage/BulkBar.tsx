/**
 * The bar above 我出售的商品 while listings are selected (this page's rows only): 批量下架, 批量上架,
 * 批量改价 (with a preview), 批量推送, 取消选择. Each action answers per listing; the outcome stays on
 * the page — 成功 18 件，失败 2 件：… with each failed listing and its reason (docs/seller-tools.md).
 */
import { useState } from 'react'
import { Alert, Button, Popconfirm, Space } from 'antd'
import type { GoodsBrief } from '@shared/api/goods'
import type { BulkResult } from '@shared/api/seller-tools'
import { useBulkAction } from '@renderer/api/seller-tools'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { bulkSummary } from './bulk'
import { BulkPriceModal } from './BulkPriceModal'
import { BulkPushModal } from './BulkPushModal'

export function BulkBar({ selected, onClear }: { selected: GoodsBrief[]; onClear: () => void }) {
  const bulk = useBulkAction()
  const [dialog, setDialog] = useState<'price' | 'push' | null>(null)
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null)

  const finished = (result: BulkResult, goods: GoodsBrief[]) => {
    const text = bulkSummary(result, new Map(goods.map((g) => [g.goodsId, g.title])))
    setDialog(null)
    setOutcome({ text, failed: result.failed > 0 })
    if (result.failed === 0) toast('success', text)
    onClear()
  }
  const run = (kind: 'offShelf' | 'onShelf') => {
    const goods = selected
    return bulk
      .mutateAsync({ goodsIds: goods.map((g) => g.goodsId), action: { kind } })
      .then((result) => finished(result, goods))
      .catch(toastError)
  }
  const busy = bulk.isPending ? bulk.variables.action.kind : null

  return (
    <>
      {outcome ? (
        <Alert
          className="bulk-outcome"
          type={outcome.failed ? 'warning' : 'success'}
          showIcon
          closable={{ onClose: () => setOutcome(null) }}
          title={outcome.text}
          role="status"
        />
      ) : null}
      {selected.length > 0 ? (
        <div className="bulk-bar" role="toolbar" aria-label="批量操作">
          <span className="bulk-bar__count">已选 {selected.length} 件</span>
          <Space wrap>
            <Popconfirm
              title={`下架选中的 ${selected.length} 件商品？`}
              okText="下架"
              cancelText="取消"
              onConfirm={() => run('offShelf')}
            >
              <Button loading={busy === 'offShelf'}>批量下架</Button>
            </Popconfirm>
            <Button loading={busy === 'onShelf'} onClick={() => void run('onShelf')}>
              批量上架
            </Button>
            <Button onClick={() => setDialog('price')}>批量改价</Button>
            <Button onClick={() => setDialog('push')}>批量推送</Button>
            <Button type="link" onClick={onClear}>
              取消选择
            </Button>
          </Space>
        </div>
      ) : null}
      {dialog === 'price' ? (
        <BulkPriceModal
          goods={selected}
          onClose={() => setDialog(null)}
          onDone={(result) => finished(result, selected)}
        />
      ) : null}
      {dialog === 'push' ? (
        <BulkPushModal
          goods={selected}
          onClose={() => setDialog(null)}
          onDone={(result) => finished(result, selected)}
        />
      ) : null}
    </>
  )
}
