/**
 * Follow / unfollow a listing from a list or the detail page. Needs a login (请先登录！ and the
 * login page otherwise). The answer of each toggle is kept here, over what the list said.
 */
import { useCallback, useState } from 'react'
import type { GoodsBrief } from '@shared/api/goods'
import { followGoods, unfollowGoods } from '@renderer/api/goods'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'

type Followable = Pick<GoodsBrief, 'goodsId'> & { followed?: boolean }

export interface FollowState {
  isFollowed(goods: Followable): boolean
  isPending(goodsId: number): boolean
  /** resolves with the new state, or null when nothing changed (logged out, failed) */
  toggle(goods: Followable): Promise<boolean | null>
}

export function useFollow(): FollowState {
  const ensureLogin = useRequireLogin()
  const [overrides, setOverrides] = useState<Record<number, boolean>>({})
  const [pending, setPending] = useState<Record<number, boolean>>({})

  const isFollowed = useCallback(
    (goods: Followable) => overrides[goods.goodsId] ?? Boolean(goods.followed),
    [overrides],
  )

  const toggle = useCallback(
    async (goods: Followable) => {
      if (!ensureLogin()) return null
      const id = goods.goodsId
      const now = overrides[id] ?? Boolean(goods.followed)
      setPending((p) => ({ ...p, [id]: true }))
      try {
        if (now) await unfollowGoods(id, { errors: 'caller' })
        else await followGoods(id, { errors: 'caller' })
        setOverrides((o) => ({ ...o, [id]: !now }))
        toast('success', now ? '已取消关注' : '关注成功，可在「我的关注」中查看降价')
        return !now
      } catch (error) {
        if (!alreadyNotified(error)) toast('error', apiErrorText(error))
        return null
      } finally {
        setPending((p) => ({ ...p, [id]: false }))
      }
    },
    [ensureLogin, overrides],
  )

  return { isFollowed, isPending: (goodsId) => Boolean(pending[goodsId]), toggle }
}
