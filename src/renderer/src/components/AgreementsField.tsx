/**
 * The agreements a new account accepts — 用户协议, 买家协议, 卖家协议, 隐私协议 (help notices) — as the
 * `agreed` checkbox of a registration form (the server refuses a registration without it).
 */
import { Checkbox, Form } from 'antd'
import { Link } from 'react-router-dom'
import { noticeDetailPath } from '@shared/help-links'

const AGREEMENTS = [
  { noticeId: 30, title: '用户协议' },
  { noticeId: 46, title: '买家协议' },
  { noticeId: 50, title: '卖家协议' },
  { noticeId: 61, title: '隐私协议' },
] as const

export function AgreementsField() {
  return (
    <Form.Item
      name="agreed"
      valuePropName="checked"
      rules={[
        {
          validator: async (_, value: boolean | undefined) => {
            if (!value) throw new Error('请阅读并勾选同意全部协议')
          },
        },
      ]}
    >
      <Checkbox aria-label="同意协议">
        我已阅读并同意
        {AGREEMENTS.map((a) => (
          <Link key={a.noticeId} to={noticeDetailPath(a.noticeId)} target="_blank">
            《{a.title}》
          </Link>
        ))}
      </Checkbox>
    </Form.Item>
  )
}
