/**
 * antd's message, notification and modal hooks with their holders: the chunk `FeedbackProvider`
 * loads with the first toast, notification or confirm dialog (app/feedback.tsx).
 */
import { useEffect } from 'react'
import { message, Modal, notification } from 'antd'
import type { Feedback } from './feedback'

/** below the site header, at most three at a time */
const MESSAGE_CONFIG = { maxCount: 3, top: 72 }

export function FeedbackHost({ onReady }: { onReady: (feedback: Feedback) => () => void }) {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG)
  const [notificationApi, notificationHolder] = notification.useNotification()
  const [modalApi, modalHolder] = Modal.useModal()
  // the holders' refs are set before this effect runs: the instances work from here on
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }),
    [onReady, messageApi, notificationApi, modalApi],
  )
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  )
}

/** antd's static functions: no provider mounted (see withFeedback) */
export const staticFeedback: Feedback = { message, notification, modal: Modal }
