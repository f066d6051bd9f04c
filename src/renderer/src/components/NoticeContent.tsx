/**
 * A notice's content (the public notice page, the walkthrough page, the console's preview): plain text
 * as paragraphs, or — for notices written in the console — HTML exactly as the server answered it.
 * That HTML was sanitised on the server (notice/sanitize.ts: a short list of formatting tags, no
 * scripts, event handlers or styles) when it was saved and again when it was served; this component
 * never receives what an editor typed, only what an API answer carries.
 */
import type { Notice } from '@shared/api/notice'
import { noticeParagraphs } from '@renderer/api/notice'
import './notice-content.css'

export function NoticeContent({
  notice,
  className = 'notice-detail__content',
}: {
  notice: Pick<Notice, 'content' | 'contentFormat'>
  className?: string
}) {
  if (notice.contentFormat === 'html')
    return (
      <div
        className={`${className} notice-rich`}
        // server-sanitised HTML only (see above)
        dangerouslySetInnerHTML={{ __html: notice.content }}
      />
    )
  return (
    <div className={className}>
      {noticeParagraphs(notice.content).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  )
}
