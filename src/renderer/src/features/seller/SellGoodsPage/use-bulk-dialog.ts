/** The bulk dialogs' one way to run their action: the error stays in the dialog (ErrorAlert), success closes it. */
import type { GoodsBrief } from '@shared/api/goods'
import type { BulkResult } from '@shared/api/seller-tools'
import { useBulkAction, type BulkAction } from '@renderer/api/seller-tools'

/** What a bulk dialog is given: the selected listings, how to close it, what to do with the result. */
export interface BulkDialogProps {
  goods: GoodsBrief[]
  onClose: () => void
  onDone: (result: BulkResult) => void
}

export function useBulkDialog(goods: GoodsBrief[], onDone: (result: BulkResult) => void) {
  const bulk = useBulkAction()
  const run = (action: BulkAction) =>
    bulk.mutate({ goodsIds: goods.map((g) => g.goodsId), action }, { onSuccess: onDone })
  return { run, error: bulk.error, pending: bulk.isPending }
}
