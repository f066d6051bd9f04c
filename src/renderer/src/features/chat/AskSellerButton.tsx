/**
 * 咨询卖家 on a listing's detail page (docs/pre-sale-chat.md): a logged-in buyer opens (or finds
 * again) their conversation about the listing and goes to it; a visitor is sent to log in first. Not
 * shown to the seller, nor when the listing is not on sale. In the detail page's bar on a phone it
 * reads 咨询 (detail.css).
 */
import { useNavigate } from 'react-router-dom'
import { Button } from 'antd'
import { MessageOutlined } from '@ant-design/icons'
import type { GoodsDetail } from '@shared/api/goods'
import { chatPath } from '@shared/live-events'
import { useOpenChat } from '@renderer/api/chat'
import { useRequireLogin } from '@renderer/components/use-require-login'

export function AskSellerButton({ detail }: { detail: Pick<GoodsDetail, 'goodsId' | 'isOwner' | 'status'> }) {
  const ensureLogin = useRequireLogin()
  const navigate = useNavigate()
  const openChat = useOpenChat()
  if (detail.isOwner || detail.status !== 'ON_SALE') return null
  return (
    <div className="ask-seller">
      <Button
        icon={<MessageOutlined />}
        loading={openChat.isPending}
        onClick={() => {
          if (!ensureLogin()) return
          // a refusal (not on sale any more…) is a toast of the request layer
          openChat.mutate(detail.goodsId, { onSuccess: (c) => void navigate(chatPath(c.conversationId)) })
        }}
      >
        <span>
          咨询<span className="ask-seller__wide">卖家</span>
        </span>
      </Button>
    </div>
  )
}
