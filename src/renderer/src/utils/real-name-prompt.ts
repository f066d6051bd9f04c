/**
 * The trading gate's refusal (提现前请先完成实名认证, 发布商品前…): a dialog that leads the user to
 * the real-name page, shown by the request layer whoever made the call (docs/account-security.md).
 */
import { Modal } from 'antd'
import { REAL_NAME_PAGE } from '@shared/rules/real-name'

let open = false

export function promptRealName(text: string, navigate: (to: string) => void): void {
  if (open) return
  open = true
  Modal.confirm({
    title: '需要实名认证',
    content: text,
    okText: '去实名认证',
    cancelText: '稍后再说',
    onOk: () => navigate(REAL_NAME_PAGE),
    afterClose: () => {
      open = false
    },
  })
}
