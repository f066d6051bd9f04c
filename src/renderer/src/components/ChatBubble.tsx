/**
 * One message of a conversation (pre-sale chat, 在线客服): who and when above, the text (never HTML)
 * in a bubble, mine on the right. The look is features/chat/chat.css (`.chat-messages` around it).
 */
import type { ReactNode } from 'react'
import '@renderer/features/chat/chat.css'

export interface ChatBubbleProps {
  mine: boolean
  /** the line above the bubble: 我 · 12:30, 卖家 老李 · 12:31 … */
  who: ReactNode
  text: string
  /** more inside the bubble, under the text (pictures) */
  children?: ReactNode
  className?: string
}

export function ChatBubble({ mine, who, text, children, className }: ChatBubbleProps) {
  return (
    <div className={`chat-bubble ${mine ? 'is-mine' : ''} ${className ?? ''}`.trim()}>
      <div className="chat-bubble__who">{who}</div>
      {text || !children ? <div className="chat-bubble__text">{text}</div> : null}
      {children}
    </div>
  )
}
