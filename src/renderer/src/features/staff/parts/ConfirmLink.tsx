/** A row action of a console table that asks first: a small link button behind a Popconfirm. */
import type { ReactNode } from 'react'
import { Button, Popconfirm } from 'antd'

export function ConfirmLink({
  title,
  okText,
  danger = true,
  onConfirm,
  children,
}: {
  title: ReactNode
  okText: string
  /** red, as for a removal (the default) */
  danger?: boolean
  /** a promise keeps the confirm button spinning until it settles */
  onConfirm: () => void | Promise<unknown>
  /** the button's text, when it is not okText */
  children?: ReactNode
}) {
  return (
    <Popconfirm title={title} okText={okText} cancelText="取消" onConfirm={onConfirm}>
      <Button type="link" size="small" danger={danger}>
        {children ?? okText}
      </Button>
    </Popconfirm>
  )
}
