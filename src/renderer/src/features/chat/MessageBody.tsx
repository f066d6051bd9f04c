/**
 * What one pre-sale message shows (docs/pre-sale-chat.md, "Message kinds"): text as text (never
 * HTML), the listing card (cover, title, price when sent, a link to the listing as it is now), an
 * image as a thumbnail that opens the viewer. Both parties' conversation view and the staff drawer
 * of a dispute use it.
 */
import { Link } from 'react-router-dom'
import { Image } from 'antd'
import type { ChatMessage } from '@shared/api/chat'
import { formatYuan } from '@shared/money'
import { imageSrc } from '@renderer/api/goods'

export function ChatMessageBody({
  message,
}: {
  message: Pick<ChatMessage, 'kind' | 'content' | 'goods' | 'image'>
}) {
  if (message.kind === 'GOODS' && message.goods) {
    const g = message.goods
    return (
      <Link className="chat-card" to={`/detail/${g.goodsId}.html`} aria-label={`商品卡片：${g.title}`}>
        {g.coverUrl ? (
          <img className="chat-card__cover" src={imageSrc(g.coverUrl)} alt="" loading="lazy" />
        ) : (
          <span className="chat-card__cover chat-card__cover--none">暂无图片</span>
        )}
        <span className="chat-card__body">
          <span className="chat-card__title">{g.title}</span>
          <span className="chat-card__price">{formatYuan(g.price)}</span>
          <span className="chat-card__link">查看商品</span>
        </span>
      </Link>
    )
  }
  if (message.kind === 'IMAGE' && message.image) {
    return (
      <span className="chat-image">
        <Image
          src={imageSrc(message.image.thumbUrl)}
          preview={{ src: imageSrc(message.image.url) }}
          width={120}
          alt="聊天图片"
        />
      </span>
    )
  }
  return <div className="chat-bubble__text">{message.content}</div>
}
