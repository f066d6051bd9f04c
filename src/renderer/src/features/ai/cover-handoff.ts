/**
 * "Use as listing cover": the AI page makes a listing image of the work (a copy owned by the user)
 * and leaves it here; the publish form takes it once as its first picture (the cover).
 */
import type { GoodsImage } from '@shared/api/goods'

const KEY = 'ai.listingCover'

export function leaveAiCover(image: GoodsImage): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(image))
  } catch {
    // storage off: the user adds the picture by hand
  }
}

/** The waiting cover, removed as it is taken (empty when there is none). */
export function takeAiCover(): GoodsImage[] {
  try {
    const text = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    if (!text) return []
    const image = JSON.parse(text) as GoodsImage
    return typeof image?.imageId === 'string' && /^[a-f0-9]{32}$/.test(image.imageId) ? [image] : []
  } catch {
    return []
  }
}
