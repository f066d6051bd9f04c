/**
 * Screenshots of listings: the upload (multipart, one file in the field `file`; answered with the
 * watermarked, re-encoded image) and the served files (public, cached for a year: their names are
 * random and never reused). Plain data: no Node, no DOM.
 */
import { data, endpoint, raw } from './contract'
import { strict, text } from './fields'
import type { GoodsImage } from './goods'

export const IMAGE = {
  /** multipart: the image in the field `file` (JPEG/PNG/WebP, at most GOODS_LIMITS.imageMaxBytes) */
  upload: endpoint({
    method: 'POST',
    path: '/goods/image/upload',
    access: 'user',
    answer: data<GoodsImage>(),
  }),
  /** the file itself (not JSON): <id>.jpg or the thumbnail <id>_t.jpg */
  file: endpoint({
    method: 'GET',
    path: '/goods/image/file/:name',
    access: 'public',
    params: strict({ name: text('文件名', 64, 0) }),
    answer: raw(),
  }),
}
