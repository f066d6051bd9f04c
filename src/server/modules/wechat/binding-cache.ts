/**
 * Whether a user has a WeChat binding, as the bus tap asks for every live event (most users have
 * none): answered from memory once known. Every bind and unbind, in any process, clears the answers
 * of every process through the shared invalidation channel (docs/scaling.md); an answer read while
 * a clear arrived is not kept, since it may predate the change.
 */
import type { Invalidation } from '../../cluster/state'

/** The invalidation topic of WeChat bindings. */
export const WECHAT_BINDINGS_TOPIC = 'wechat-bindings'
/** At most this many users' answers are kept (the oldest go first). */
const HAS_BINDING_CACHE_SIZE = 50_000

export function bindingCache(lookUp: (userId: number) => Promise<boolean>, invalidation?: Invalidation) {
  const known = new Map<number, boolean>()
  let generation = 0
  const clear = () => {
    known.clear()
    generation += 1
  }
  invalidation?.on(WECHAT_BINDINGS_TOPIC, clear)

  return {
    async hasBinding(userId: number): Promise<boolean> {
      const answer = known.get(userId)
      if (answer !== undefined) return answer
      const readAt = generation
      const has = await lookUp(userId)
      if (readAt === generation) {
        if (known.size >= HAS_BINDING_CACHE_SIZE) known.delete(known.keys().next().value!)
        known.set(userId, has)
      }
      return has
    },

    /** after a binding was written or deleted (committed): every process forgets its answers */
    bindingsChanged: () => (invalidation ? invalidation.emit(WECHAT_BINDINGS_TOPIC) : clear()),
  }
}
