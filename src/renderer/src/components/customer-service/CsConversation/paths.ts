/** Addresses the conversation links to. */
import type { CsAttachment } from '@shared/api/cs'

/** The verification page, prefilled with an agent's 工号 (it checks the number at once). */
export const csVerifyPath = (staffNo: string) =>
  `/platform/customServiceVerify.html?channel=STAFF_NO&value=${encodeURIComponent(staffNo)}`

/** Where the attached order, listing or dispute is shown (the buyer's order page; the listing). */
export function attachmentPath(attachment: CsAttachment): string | null {
  if (attachment.orderNo) return `/buyer/orderDetail.html?orderNo=${encodeURIComponent(attachment.orderNo)}`
  if (attachment.goodsId) return `/detail/${attachment.goodsId}.html`
  return null
}

export function attachmentLabel(attachment: CsAttachment): string {
  switch (attachment.kind) {
    case 'order':
      return `订单 ${attachment.orderNo ?? ''}`
    case 'dispute':
      return `纠纷 · 订单 ${attachment.orderNo ?? ''}`
    case 'goods':
      return `商品 ${attachment.goodsId ?? ''}`
  }
}
