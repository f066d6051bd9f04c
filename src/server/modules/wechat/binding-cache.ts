/**
 * Whether a user has a WeChat binding, as the bus tap asks for every live event (most users have
 * none): answered from memory once known. Every bind and unbind, in any process, clears the answers
 * of every process through the shared invalidation channel (docs/scaling.md); an answer read while
 * a clear arrived is not kept, since it may predate the change.
 */
import { KeptCache, localInvalidation } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'

/** The invalidation topic of WeChat bindings. */
export const WECHAT_BINDINGS_TOPIC = 'wechat-bindings'
/** At most this many users' answers are kept (the least recently asked go first). */
const HAS_BINDING_CACHE_SIZE = 50_000

export function bindingCache(
  lookUp: (userId: number) => Promise<boolean>,
  invalidation: Invalidation = localInvalidation(),
) {
  // no time limit: only a bind or unbind changes an answer
  const known = new KeptCache<number, boolean>(
    {
      name: 'wechat-bindings',
      max: HAS_BINDING_CACHE_SIZE,
      ttlMs: Infinity,
      clearedBy: [WECHAT_BINDINGS_TOPIC],
    },
    { invalidation },
  )

  return {
    async hasBinding(userId: number): Promise<boolean> {
      const answer = known.get(userId)
      if (answer !== undefined) return answer
      const since = known.mark()
      const has = await lookUp(userId)
      known.set(userId, has, { since })
      return has
    },

    /** after a binding was written or deleted (committed): every process forgets its answers */
    bindingsChanged: () => invalidation.emit(WECHAT_BINDINGS_TOPIC),
  }
}
