/**
 * The messages of a 在线客服 conversation, oldest at the top: mine on the right, support's on the
 * left with the agent's name and 工号 and a link that checks the number on the verification page
 * (an impersonator is exposed in one step), system lines in the middle, pictures as thumbnails.
 */
import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { Image } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import type { CsMessage } from '@shared/api/cs'
import { imageSrc } from '@renderer/api/goods'
import { ChatBubble } from '@renderer/components/ChatBubble'
import { formatTradeTime } from '@renderer/utils/time'
import { csVerifyPath } from './paths'

export function CsMessages({
  messages,
  empty,
  onLeave,
}: {
  messages: readonly CsMessage[]
  /** shown when there is no message yet */
  empty: React.ReactNode
  /** a link that leaves the conversation was followed (the panel closes) */
  onLeave?: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)?.messageId ?? 0
  // the newest message in view whenever one arrives
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight
  }, [last])

  return (
    <div className="chat-messages cs-messages" ref={box} role="log" aria-label="客服消息" aria-live="polite">
      {messages.length === 0
        ? empty
        : messages.map((m) =>
            m.sender === 'system' ? (
              <div key={m.messageId} className="cs-system-line" data-message-id={m.messageId}>
                {m.content} · {formatTradeTime(m.createdAt)}
              </div>
            ) : (
              <ChatBubble
                key={m.messageId}
                mine={m.sender === 'user'}
                className={m.sender === 'agent' ? 'is-agent' : undefined}
                who={
                  m.sender === 'user' ? (
                    <>我 · {formatTradeTime(m.createdAt)}</>
                  ) : (
                    <>
                      <span className="cs-agent-name">平台客服 {m.senderName}</span>
                      {m.staffNo ? (
                        <>
                          {' '}
                          · 工号 {m.staffNo}{' '}
                          <Link
                            to={csVerifyPath(m.staffNo)}
                            className="cs-verify-link"
                            onClick={onLeave}
                            aria-label={`验证工号 ${m.staffNo}`}
                          >
                            <SafetyCertificateOutlined /> 验证
                          </Link>
                        </>
                      ) : null}{' '}
                      · {formatTradeTime(m.createdAt)}
                    </>
                  )
                }
                text={m.content}
              >
                {m.imageUrls.length > 0 ? (
                  <div className="cs-images">
                    {m.imageUrls.map((url) => (
                      <Image key={url} src={imageSrc(url)} width={120} alt="聊天图片" />
                    ))}
                  </div>
                ) : null}
              </ChatBubble>
            ),
          )}
    </div>
  )
}
