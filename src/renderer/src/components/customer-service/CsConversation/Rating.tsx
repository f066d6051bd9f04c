/** After a conversation ended: the user rates it once, 1–5 stars and an optional line. */
import { useState } from 'react'
import { Button, Input, Rate } from 'antd'
import { CS_LIMITS, type CsConversation } from '@shared/api/cs'
import { useRateCs } from '@renderer/api/cs-conversation'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const SCORE_TEXT = ['很不满意', '不满意', '一般', '满意', '非常满意']

export function CsRating({ conversation }: { conversation: CsConversation }) {
  const [score, setScore] = useState(0)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const rate = useRateCs()

  if (conversation.rating) {
    return (
      <section className="cs-rating is-done" aria-label="服务评价">
        <span>您的评价：</span>
        <Rate disabled value={conversation.rating.score} />
        {conversation.rating.text ? <p className="cs-rating__text">{conversation.rating.text}</p> : null}
        <p className="cs-rating__thanks">感谢您的评价！</p>
      </section>
    )
  }

  const submit = () => {
    if (score < 1) return setProblem('请选择评分（1-5 星）')
    setProblem(null)
    rate.mutate({
      conversationId: conversation.conversationId,
      score,
      ...(text.trim() ? { text: text.trim() } : {}),
    })
  }

  return (
    <section className="cs-rating" aria-label="服务评价">
      <p className="cs-rating__title">本次服务已结束，请为客服的服务评分</p>
      <Rate
        value={score}
        onChange={(v) => {
          setScore(v)
          setProblem(null)
        }}
        tooltips={SCORE_TEXT}
        aria-label="评分"
      />
      {score > 0 ? <span className="cs-rating__score">{SCORE_TEXT[score - 1]}</span> : null}
      <Input.TextArea
        aria-label="评价内容"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={CS_LIMITS.ratingText}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder="说说您的感受（选填）"
      />
      {problem ? (
        <p className="cs-rating__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <ErrorAlert error={rate.error} fallback="评价失败，请稍后再试" />
      <Button type="primary" block loading={rate.isPending} onClick={submit}>
        提交评价
      </Button>
    </section>
  )
}
