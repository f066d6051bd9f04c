/**
 * Each listing's list row (GoodsBrief) as JSON (UTF-8 bytes), kept per listing: a search reads only
 * the ids of its page from the database and sends the kept bytes (plugins/envelope.ts
 * `SerializedPage`), so a listing on many pages (every sort and filter it matches) is loaded,
 * serialised and encoded once (docs/scaling.md "The list endpoint"). Loading and serialising
 * the rows was 60 % of an uncached search's time.
 *
 * Kept at most `ttlMs` (the view and follow counts and the seller's name may lag that long), and never
 * past the moment a row changes by itself (a push ending turns `pushed` off). Every listing change
 * clears all of them, the same topic that clears the search answers (GOODS_TOPIC), in every process,
 * a console change to a game included (game/admin.ts: its names are in the rows).
 * A load that started before a change is not kept: it may have read the row as it was.
 */
import type { GoodsBrief } from '../../../shared/api'
import { KeptCache } from '../../cluster/cache'
import type { Invalidation } from '../../cluster/state'
import { GOODS_TOPIC } from './search'

/** A loaded row and the moment it changes by itself (Infinity: only when the listing does). */
export interface LoadedBrief {
  brief: GoodsBrief
  changesAt: number
}

export class BriefJson {
  private readonly kept: KeptCache<number, Buffer>

  constructor(
    private readonly load: (ids: number[]) => Promise<LoadedBrief[]>,
    now: () => number,
    /** how long a row is kept (0: never, every row is loaded each time) */
    ttlMs: number,
    opts: {
      max?: number
      /** the channel of GOODS_TOPIC (none: cleared only by `clear`) */
      invalidation?: Invalidation
    } = {},
  ) {
    this.kept = new KeptCache(
      {
        name: 'goods-brief-json',
        max: opts.max ?? 50_000,
        ttlMs,
        clearedBy: opts.invalidation ? [GOODS_TOPIC] : [],
      },
      { now, invalidation: opts.invalidation },
    )
  }

  /** Drops every row of this process (GOODS_TOPIC does it in every process). */
  clear(): void {
    this.kept.clear()
  }

  /** The rows' JSON in the order of `ids` (ids of listings that are gone are left out). */
  async rows(ids: readonly number[]): Promise<Buffer[]> {
    const found = new Map<number, Buffer>()
    const missing: number[] = []
    for (const id of ids) {
      const json = this.kept.get(id)
      if (json === undefined) missing.push(id)
      else found.set(id, json)
    }
    if (missing.length > 0) {
      const since = this.kept.mark()
      for (const { brief, changesAt } of await this.load(missing)) {
        const json = Buffer.from(JSON.stringify(brief))
        found.set(brief.goodsId, json)
        this.kept.set(brief.goodsId, json, { until: changesAt, since })
      }
    }
    return ids.flatMap((id) => found.get(id) ?? [])
  }
}
