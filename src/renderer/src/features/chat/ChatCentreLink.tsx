/** 咨询 with its unread badge, beside the message centre's tabs (the header's 消息 count includes it). */
import { Link } from 'react-router-dom'
import { Badge } from 'antd'
import { useChatUnreadCount } from '@renderer/api/chat'
import { CHAT_LIST_PATH } from './centre'

export function ChatCentreLink() {
  const unread = useChatUnreadCount()
  return (
    <Link to={CHAT_LIST_PATH} aria-label={`咨询，${unread} 条未读`}>
      咨询 <Badge count={unread} size="small" overflowCount={99} />
    </Link>
  )
}
