/** What keeps a trade safe (the detail page's side panel). */
import {
  MessageOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons'
import { protectionNote, TRADE_RULES } from '@shared/api/trade'
import { ContactSupportButton } from '@renderer/components/customer-service/ContactSupportButton'

export function SafetyNotes({
  protectionDays,
  autoDelivery,
  goodsId,
}: {
  protectionDays?: number
  autoDelivery?: boolean
  /** the listing: 联系客服 opens 在线客服 with it attached */
  goodsId?: number
}) {
  return (
    <section className="panel" aria-labelledby="safety-title">
      <h2 className="panel__title" id="safety-title">
        <SafetyCertificateOutlined /> 交易安全须知
      </h2>
      <ul className="safety-notes">
        <li>
          <SafetyCertificateOutlined />
          <span>
            <strong>担保交易：</strong>货款先由平台托管，
            {protectionNote(protectionDays ?? TRADE_RULES.defaultProtectionDays)}。
          </span>
        </li>
        {autoDelivery ? (
          <li>
            <ThunderboltOutlined />
            <span>
              <strong>自动交付：</strong>卖家已预存账号信息，您付款后平台立即交付，无需等待卖家在线。
            </span>
          </li>
        ) : null}
        <li>
          <StopOutlined />
          <span>
            <strong>切勿私下交易：</strong>要求加微信/QQ、站外转账，或收取“保证金”“解冻费”的都是诈骗。
          </span>
        </li>
        <li>
          <MessageOutlined />
          <span>
            <strong>不在聊天中交换账号密码：</strong>账号信息只通过平台订单交付，任何人索要都请拒绝。
          </span>
        </li>
        <li>
          <WarningOutlined />
          <span>
            <strong>核对描述与截图：</strong>收货时请逐项核对，与描述不符请先不要确认收货并联系客服。
          </span>
        </li>
      </ul>
      {goodsId ? <ContactSupportButton block about={{ goodsId }} label="对商品有疑问？联系平台客服" /> : null}
    </section>
  )
}
