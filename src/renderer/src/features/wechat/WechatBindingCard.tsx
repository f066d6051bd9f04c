/**
 * PLACEHOLDER — the WeChat official-account binding card of the account-settings hub (/my/setting).
 * The real card (bind by scanning, unbind, template-message switches) is built in the wechat feature
 * and replaces this file when the branches are merged.
 */
import { Card, Typography } from 'antd'
import { WechatOutlined } from '@ant-design/icons'

export default function WechatBindingCard() {
  return (
    <Card
      size="small"
      title={
        <>
          <WechatOutlined /> 微信公众号
        </>
      }
      data-testid="wechat-binding-card"
    >
      <Typography.Text type="secondary">建设中</Typography.Text>
    </Card>
  )
}
