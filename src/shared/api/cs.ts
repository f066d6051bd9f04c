/**
 * Customer service: outside its hours (10:00-22:30 China time, docs/product.md) a logged-in user
 * leaves a message, stored on our server and answered when the agents are back. The chat itself is
 * an external widget configured by public parameters (system.ts). Plain data: no Node, no DOM.
 */
import { data, endpoint, type BodyOf } from './contract'
import { oneOf, optional, strict, text, Type } from './fields'

export const CS_LEAVE_MESSAGE_CATEGORIES = {
  ORDER: '订单问题',
  ACCOUNT: '账号问题',
  PAYMENT: '充值与提现',
  OTHER: '其他',
} as const
export type CsLeaveMessageCategory = keyof typeof CS_LEAVE_MESSAGE_CATEGORIES

export const CS_LEAVE_MESSAGE_LIMITS = { contact: 50, contentMin: 5, contentMax: 500 } as const

const CATEGORIES = Object.keys(CS_LEAVE_MESSAGE_CATEGORIES) as CsLeaveMessageCategory[]

export interface CsLeaveMessageResult {
  messageId: number
}

export const CS = {
  /** rate limited; answers 留言成功，客服上线后会尽快处理 */
  leaveMessage: endpoint({
    method: 'POST',
    path: '/platform/cs/leaveMessage',
    access: 'user',
    body: strict({
      category: oneOf('问题类型', CATEGORIES),
      content: Type.String({
        title: '留言内容',
        minLength: CS_LEAVE_MESSAGE_LIMITS.contentMin,
        maxLength: CS_LEAVE_MESSAGE_LIMITS.contentMax,
        pattern: '\\S',
      }),
      /** phone, QQ or e-mail; optional (the agent can also answer by in-site message) */
      contact: optional(text('联系方式', CS_LEAVE_MESSAGE_LIMITS.contact, 0)),
      /** which shell the message came from */
      client: optional(oneOf('客户端', ['web', 'desktop'] as const)),
    }),
    answer: data<CsLeaveMessageResult>(),
  }),
}

export type CsLeaveMessageBody = BodyOf<typeof CS.leaveMessage>
