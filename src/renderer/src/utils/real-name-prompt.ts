/**
 * The trading gate's refusal (提现前请先完成实名认证, 发布商品前…): a dialog that leads the user to
 * the real-name page, shown by the request layer whoever made the call (docs/account-security.md).
 * The dialog's code (antd Modal) is loaded when it is first needed (real-name-dialog.ts).
 */
let open = false

export function promptRealName(text: string, navigate: (to: string) => void): void {
  if (open) return
  open = true
  void import('./real-name-dialog').then(
    ({ showRealNameDialog }) =>
      showRealNameDialog(text, navigate, () => {
        open = false
      }),
    () => {
      open = false
    },
  )
}
