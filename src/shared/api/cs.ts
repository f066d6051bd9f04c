/** Customer service: the leave-a-message form of spec §1 (outside 10:00-22:30). Plain data. */

export const CS_LEAVE_MESSAGE_CATEGORIES = {
  ORDER: '订单问题',
  ACCOUNT: '账号问题',
  PAYMENT: '充值与提现',
  OTHER: '其他',
} as const
export type CsLeaveMessageCategory = keyof typeof CS_LEAVE_MESSAGE_CATEGORIES

export const CS_LEAVE_MESSAGE_LIMITS = { contact: 50, contentMin: 5, contentMax: 500 } as const

export interface CsLeaveMessageBody {
  category: CsLeaveMessageCategory
  content: string
  /** phone, QQ or e-mail; optional (the agent can also answer by in-site message) */
  contact?: string
  /** which shell the message came from */
  client?: 'web' | 'desktop'
}

export interface CsLeaveMessageResult {
  messageId: number
}

export const csLeaveMessageBodySchema = {
  type: 'object',
  required: ['category', 'content'],
  additionalProperties: false,
  properties: {
    category: { type: 'string', title: '问题类型', enum: Object.keys(CS_LEAVE_MESSAGE_CATEGORIES) },
    content: {
      type: 'string',
      title: '留言内容',
      minLength: CS_LEAVE_MESSAGE_LIMITS.contentMin,
      maxLength: CS_LEAVE_MESSAGE_LIMITS.contentMax,
      pattern: '\\S',
    },
    contact: { type: 'string', title: '联系方式', maxLength: CS_LEAVE_MESSAGE_LIMITS.contact },
    client: { type: 'string', title: '客户端', enum: ['web', 'desktop'] },
  },
} as const
