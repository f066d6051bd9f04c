/** The bulk dialogs' one way to run their action: the error stays in the dialog (ErrorAlert), success closes it. */
import type { GoodsBrief } from '@shared/api/goods'
import type { BulkResult } from '@shared/api/seller-tools'
import { useBulkAction, type BulkAction } from '@renderer/api/seller-tools'

export function useBulkDialog(goods: GoodsBrief[], onDone: (result: BulkResult) => void) {
  const bulk = useBulkAction()
  const run = (action: BulkAction) =>
    bulk.mutate({ goodsIds: goods.map((g) => g.goodsId), action }, { onSuccess: onDone })
  return { run, error: bulk.error, pending: bulk.isPending }
}
