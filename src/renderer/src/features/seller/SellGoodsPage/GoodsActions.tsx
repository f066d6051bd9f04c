/**
 * The actions of one listing of the seller, by its state: 下架 (asks first) while on sale, 上架 when off
 * the shelf (says when it waits for approval), 改价, 最低出价 and 编辑 until sold, 推送 while on sale, 删除 when
 * neither sold nor on sale (asks first), 查看 once sold. A refusal shows the server's message.
 */
import { Link } from 'react-router-dom'
import { Button, Popconfirm } from 'antd'
import type { GoodsBrief } from '@shared/api/goods'
import { goodsDetailPath } from '@renderer/api/goods'
import { useOffShelf, useOnShelf, useRemoveGoods } from '@renderer/api/seller'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'

/** The shelf and delete changes with their toasts, and which listing is being changed. */
export function useGoodsActions() {
  const onShelf = useOnShelf()
  const offShelf = useOffShelf()
  const remove = useRemoveGoods()
  const failed = (error: unknown) => toastError(error)
  const busy = [onShelf, offShelf, remove].find((m) => m.isPending)?.variables ?? null
  return {
    busy,
    onShelf: (goodsId: number) =>
      onShelf
        .mutateAsync(goodsId)
        .then(
          (next) => toast('success', next === 'AUDITING' ? '已提交审核，通过后自动上架' : '已上架'),
          failed,
        ),
    offShelf: (goodsId: number) =>
      offShelf.mutateAsync(goodsId).then(() => toast('success', '已下架'), failed),
    remove: (goodsId: number) => remove.mutateAsync(goodsId).then(() => toast('success', '已删除'), failed),
  }
}

export type GoodsActionsState = ReturnType<typeof useGoodsActions>

export function GoodsActions({
  goods: g,
  actions,
  onPrice,
  onFloor,
}: {
  goods: GoodsBrief
  actions: GoodsActionsState
  onPrice: (goods: GoodsBrief) => void
  /** 最低出价: the listing's minimum bid */
  onFloor?: (goods: GoodsBrief) => void
}) {
  const loading = actions.busy === g.goodsId
  return (
    <div className="table-actions">
      {g.status === 'ON_SALE' ? (
        <Popconfirm
          title="下架后买家将看不到这件商品，确定下架？"
          okText="下架"
          cancelText="取消"
          onConfirm={() => actions.offShelf(g.goodsId)}
        >
          <Button type="link" size="small" loading={loading}>
            下架
          </Button>
        </Popconfirm>
      ) : null}
      {g.status === 'OFF_SHELF' ? (
        <Button type="link" size="small" loading={loading} onClick={() => void actions.onShelf(g.goodsId)}>
          上架
        </Button>
      ) : null}
      {g.status !== 'SOLD' ? (
        <>
          <Button type="link" size="small" onClick={() => onPrice(g)}>
            改价
          </Button>
          {onFloor ? (
            <Button type="link" size="small" onClick={() => onFloor(g)}>
              最低出价
            </Button>
          ) : null}
          <Link to={`/seller/completeInfo.html?goodsId=${g.goodsId}`}>编辑</Link>
        </>
      ) : null}
      {g.status === 'ON_SALE' ? <Link to={`/seller/goodsSend.html?goodsId=${g.goodsId}`}>推送</Link> : null}
      {g.status !== 'SOLD' && g.status !== 'ON_SALE' ? (
        <Popconfirm
          title="删除后不能恢复，确定删除这件商品？"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => actions.remove(g.goodsId)}
        >
          <Button type="link" size="small" danger loading={loading}>
            删除
          </Button>
        </Popconfirm>
      ) : null}
      {g.status === 'SOLD' ? <Link to={goodsDetailPath(g.goodsId)}>查看</Link> : null}
    </div>
  )
}
