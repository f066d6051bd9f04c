/** The bulk dialogs' one way to run their action: the error stays in the dialog, success closes it. */
import { useState } from 'react'
import type { GoodsBrief } from '@shared/api/goods'
import type { BulkResult } from '@shared/api/seller-tools'
import { useBulkAction, type BulkAction } from '@renderer/api/seller-tools'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'

export function useBulkDialog(goods: GoodsBrief[], onDone: (result: BulkResult) => void, failText: string) {
  const bulk = useBulkAction()
  const [error, setError] = useState('')
  const run = (action: BulkAction) => {
    setError('')
    bulk.mutate(
      { goodsIds: goods.map((g) => g.goodsId), action },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (!alreadyNotified(err)) setError(apiErrorText(err, failText))
        },
      },
    )
  }
  return { run, error, pending: bulk.isPending }
}
