/** The dialog of promptRealName (real-name-prompt.ts), a chunk of its own. */
import { Modal } from 'antd'
import { REAL_NAME_PAGE } from '@shared/rules/real-name'

export function showRealNameDialog(text: string, navigate: (to: string) => void, closed: () => void): void {
  Modal.confirm({
    title: '需要实名认证',
    content: text,
    okText: '去实名认证',
    cancelText: '稍后再说',
    onOk: () => navigate(REAL_NAME_PAGE),
    afterClose: closed,
  })
}
