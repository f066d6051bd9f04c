/**
 * Follow / unfollow a listing from a list or the detail page. Needs a login (请先登录！ and the
 * login page otherwise). The answer of each toggle is kept here, over what the list said.
 */
import { useCallback, useState } from 'react'
import type { GoodsBrief } from '@shared/api/goods'
import { useFollowGoods, usePendingFollows } from '@renderer/api/follow'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'

type Followable = Pick<GoodsBrief, 'goodsId'> & { followed?: boolean }

export interface FollowState {
  isFollowed(goods: Followable): boolean
  isPending(goodsId: number): boolean
  toggle(goods: Followable): void
}

export function useFollow(): FollowState {
  const ensureLogin = useRequireLogin()
  const [overrides, setOverrides] = useState<Record<number, boolean>>({})
  const { mutateAsync } = useFollowGoods()
  const pending = usePendingFollows()

  const isFollowed = useCallback(
    (goods: Followable) => overrides[goods.goodsId] ?? Boolean(goods.followed),
    [overrides],
  )

  const toggle = useCallback(
    (goods: Followable) => {
      if (!ensureLogin()) return
      const id = goods.goodsId
      const now = overrides[id] ?? Boolean(goods.followed)
      // one answer per toggle (several cards may be toggled at once)
      mutateAsync({ goodsId: id, follow: !now }).then(
        () => {
          setOverrides((o) => ({ ...o, [id]: !now }))
          toast('success', now ? '已取消关注' : '关注成功，可在「我的关注」中查看降价')
        },
        (error: unknown) => toastError(error),
      )
    },
    [ensureLogin, overrides, mutateAsync],
  )

  return { isFollowed, isPending: (goodsId) => pending.includes(goodsId), toggle }
}
