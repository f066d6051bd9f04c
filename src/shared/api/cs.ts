/**
 * Long because it is the domain's one list of endpoint declarations, user side and staff side:
 * a list, not logic (docs/api-conventions.md).
 *
 * 在线客服 (docs/customer-service.md): a logged-in user talks with a person of platform support in a
 * conversation of our own (built in; the external widget of system.ts is only an option). Inside the
 * service hours (参数 cs.serviceHours, China time) a new conversation waits in a queue and the user
 * sees their place; outside them the user's messages are kept as a left message and the answer says
 * when they will be answered. Agents (客服) take conversations from the queue or get them assigned by
 * load; supervisors (客服主管) see all, transfer and read the live figures. Every agent message
 * carries the agent's name and staff number (工号), checkable on /platform/customServiceVerify.html.
 * The older leave-a-message form (leaveMessage) stays. Plain data: no Node, no DOM.
 */
import { PERMS } from '../permissions'
import { data, endpoint, none, page, type BodyOf, type QueryOf } from './contract'
import { bool, id, int, nonBlank, oneOf, optional, paging, strict, text, Type } from './fields'
import { orderNoField } from './trade'

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

// ------------------------------------------------------------------ 在线客服 conversations

export const CS_LIMITS = {
  /** characters of one message */
  content: 500,
  /** messages one user may send per minute (all conversations) */
  userPerMinute: 20,
  /** messages one conversation accepts per 10 seconds (both sides together) */
  conversationPer10s: 10,
  /** messages answered by one `messages` call */
  messagesPage: 200,
  /** characters of the optional rating text */
  ratingText: 200,
  canned: { title: 30, content: 500, perTeam: 100 },
  staffName: 20,
  /** conversations an agent holds at once by default (automatic assignment stops there) */
  defaultMaxLoad: 5,
  maxLoad: 30,
  /** an ONLINE agent whose workbench was not seen for this long counts as away (no assignment) */
  agentAwayMs: 2 * 60_000,
} as const

/**
 * WAITING: in the queue (no agent yet); ACTIVE: an agent answers it; ENDED: closed by either side
 * (the user may rate it once). A conversation opened outside the service hours waits too; its
 * messages are left messages until an agent takes it.
 */
export const CS_CONVERSATION_STATUSES = ['WAITING', 'ACTIVE', 'ENDED'] as const
export type CsConversationStatus = (typeof CS_CONVERSATION_STATUSES)[number]
export const CS_CONVERSATION_STATUS_LABELS: Record<CsConversationStatus, string> = {
  WAITING: '排队中',
  ACTIVE: '接待中',
  ENDED: '已结束',
}

/** What a conversation was opened from: an order, a listing or a dispute (at most one). */
export type CsAttachmentKind = 'order' | 'goods' | 'dispute'
export interface CsAttachment {
  kind: CsAttachmentKind
  /** order and dispute */
  orderNo: string | null
  /** goods (and the listing of an order or a dispute) */
  goodsId: number | null
  disputeId: number | null
  /** the listing's title as it was when attached */
  title: string
}

/** The agent as the user sees them: the name and the staff number the verification page confirms. */
export interface CsAgentBadge {
  staffName: string
  /** 工号, e.g. KF1001: /platform/customServiceVerify.html (channel STAFF_NO) confirms it */
  staffNo: string
}

export interface CsConversation {
  conversationId: number
  userId: number
  userName: string
  status: CsConversationStatus
  attachment: CsAttachment | null
  /** null while WAITING */
  agent: CsAgentBadge | null
  /** 1 = next; null unless WAITING */
  queuePosition: number | null
  /** opened outside the service hours: its messages are left messages */
  leftMessage: boolean
  /** ms; null when not yet rated (only ENDED conversations are rated) */
  rating: { score: number; text: string; ratedAt: number } | null
  lastMessageId: number
  lastMessagePreview: string | null
  lastMessageAt: number | null
  /** messages of agents (and the system) after the user's read marker; 0 on the agent side */
  unread: number
  createdAt: number
  assignedAt: number | null
  /** the first agent message */
  firstResponseAt: number | null
  endedAt: number | null
  endedBy: 'user' | 'agent' | null
}

export type CsSender = 'user' | 'agent' | 'system'

/** A message; ids increase within a conversation (a client resumes with afterId = its last id). */
export interface CsMessage {
  messageId: number
  conversationId: number
  sender: CsSender
  /** user: their name; agent: the staff name; system: 系统 */
  senderName: string
  /** agents only */
  staffNo: string | null
  content: string
  /** at most one image (the image upload, goods/image/upload) */
  imageUrls: string[]
  createdAt: number
}

/**
 * The service as a user sees it now. `mode` widget: the configured external widget is offered
 * instead (only when its address is configured; docs/customer-service.md, "Widget option").
 */
export interface CsServiceStatus {
  mode: 'builtin' | 'widget'
  /** e.g. 10:00-22:30, China time */
  hours: string
  inHours: boolean
  /** ms of the next opening; null when inside the hours */
  nextOpenAt: number | null
  /** conversations waiting for an agent */
  waiting: number
  /** agents ONLINE now */
  onlineAgents: number
  /** set only in widget mode */
  widget: { scriptUrl: string; customerId: string } | null
}

export interface CsOpenResult {
  conversation: CsConversation
  status: CsServiceStatus
  /** true when an existing open conversation was resumed (not a new one) */
  resumed: boolean
}

export interface CsSendResult {
  message: CsMessage
  /** outside the service hours: kept as a left message */
  leftMessage: boolean
  /** ms of when it will be answered (the next opening) when left outside the hours */
  answerAt: number | null
  /** the user's place in the queue now (WAITING only) */
  queuePosition: number | null
  /** a sentence for the user: 当前排在第 3 位 / 客服将于 11月29日 10:00 上班后回复 … ; null when answered live */
  notice: string | null
}

const conversationIdField = () => id('会话编号')
const conversationParams = strict({ conversationId: conversationIdField() })
const contentField = () => Type.String({ title: '消息内容', minLength: 0, maxLength: CS_LIMITS.content })
const imageIdField = () => Type.String({ title: '图片', pattern: '^[0-9a-f]{32}$' })
/** content or an image (the server answers 消息内容不能为空 when both are missing) */
const messageBody = strict({
  conversationId: conversationIdField(),
  content: optional(contentField()),
  imageId: optional(imageIdField()),
})
const afterQuery = strict({
  /** 0 (default): from the start; else the messages with a larger id */
  afterId: optional(int('起始消息编号', 0, Number.MAX_SAFE_INTEGER)),
  limit: optional(int('条数', 1, CS_LIMITS.messagesPage)),
})

export const CS_CONVERSATION = {
  /** the service hours, the queue length and the mode (public: the entry buttons show it) */
  status: endpoint({
    method: 'GET',
    path: '/cs/status',
    access: 'optional',
    answer: data<CsServiceStatus>(),
  }),
  /**
   * open a conversation or resume the caller's open one (WAITING / ACTIVE); at most one of orderNo,
   * goodsId, disputeId attaches what it was opened from (the caller's own order / dispute, a listing
   * on sale); resuming with a new attachment replaces it and posts a system line
   */
  open: endpoint({
    method: 'POST',
    path: '/cs/conversation/open',
    access: 'user',
    body: strict({
      orderNo: optional(orderNoField()),
      goodsId: optional(id('商品编号')),
      disputeId: optional(id('纠纷编号')),
      client: optional(oneOf('客户端', ['web', 'desktop'] as const)),
    }),
    answer: data<CsOpenResult>(),
  }),
  /** the caller's conversations, newest first */
  conversations: endpoint({
    method: 'GET',
    path: '/cs/conversations',
    access: 'user',
    query: strict(paging(50)),
    answer: page<CsConversation>(),
  }),
  /** one of the caller's conversations (another user's answers 404) */
  conversation: endpoint({
    method: 'GET',
    path: '/cs/conversation/:conversationId',
    access: 'user',
    params: conversationParams,
    answer: data<CsConversation>(),
  }),
  /**
   * the messages after `afterId`, oldest first, at most `limit` (default 200); moves the caller's
   * read marker to the last one answered
   */
  messages: endpoint({
    method: 'GET',
    path: '/cs/messages/:conversationId',
    access: 'user',
    params: conversationParams,
    query: afterQuery,
    answer: data<CsMessage[]>(),
  }),
  /** text (1…500 characters, not blank) and/or one image; refused in an ENDED conversation */
  send: endpoint({
    method: 'POST',
    path: '/cs/message',
    access: 'user',
    body: messageBody,
    answer: data<CsSendResult>(),
  }),
  end: endpoint({
    method: 'POST',
    path: '/cs/conversation/end',
    access: 'user',
    body: strict({ conversationId: conversationIdField() }),
    answer: data<CsConversation>(),
  }),
  /** once, by the owner, after the conversation ENDED */
  rate: endpoint({
    method: 'POST',
    path: '/cs/conversation/rate',
    access: 'user',
    body: strict({
      conversationId: conversationIdField(),
      score: int('评分', 1, 5),
      text: optional(text('评价内容', CS_LIMITS.ratingText, 0)),
    }),
    answer: data<CsConversation>(),
  }),
  /** agent messages the caller has not read, over all conversations (the tray and the side bar) */
  unread: endpoint({
    method: 'GET',
    path: '/cs/unread',
    access: 'user',
    answer: data<number>(),
  }),
}

// ------------------------------------------------------------------ 客服工作台 (staff)

export const CS_AGENT_STATUSES = ['ONLINE', 'OFFLINE'] as const
export type CsAgentStatus = (typeof CS_AGENT_STATUSES)[number]

/** Teams of agents (dictionary cs_team): canned replies belong to a team. */
export const CS_TEAMS = ['GENERAL', 'TRADE', 'FUNDS'] as const
export type CsTeam = (typeof CS_TEAMS)[number]
export const CS_TEAM_LABELS: Record<CsTeam, string> = { GENERAL: '综合组', TRADE: '交易组', FUNDS: '资金组' }

/** An agent's profile (made the first time a staff member opens the workbench). */
export interface CsAgent {
  userId: number
  /** shown to users beside each message */
  staffName: string
  staffNo: string
  team: CsTeam
  status: CsAgentStatus
  /** ONLINE and seen within CS_LIMITS.agentAwayMs */
  available: boolean
  /** ACTIVE conversations held now */
  load: number
  maxLoad: number
  lastSeenAt: number | null
}

/** A row of the workbench lists (queue, mine, all). */
export interface CsQueueItem extends CsConversation {
  /** seconds waited so far (WAITING) or waited before an agent took it */
  waitSeconds: number
  agentUserId: number | null
}

export interface CsCannedReply {
  cannedId: number
  team: CsTeam
  title: string
  content: string
  sort: number
  updatedAt: number
}

/** The side panel beside a conversation: who the user is and what they have with us. */
export interface CsUserContext {
  userId: number
  userName: string
  nickName: string
  /** masked */
  phone: string | null
  registeredAt: number
  /** 0 normal, 1 locked (auth's status) */
  locked: boolean
  realName: { verified: boolean; status: string | null; maskedName: string | null }
  /** fen */
  balance: number
  /** fen */
  frozen: number
  /** newest first, at most 10; as buyer or seller */
  recentOrders: Array<{
    orderNo: string
    goodsId: number
    goodsTitle: string
    /** fen */
    amount: number
    status: string
    role: 'buyer' | 'seller'
    createdAt: number
  }>
  openDisputes: Array<{
    disputeId: number
    orderNo: string
    goodsTitle: string
    openedAt: number
    reason: string
  }>
  attachment: CsAttachment | null
  /** the user's earlier conversations (count) */
  pastConversations: number
}

/** Live figures of the supervisor (today = the China day). */
export interface CsFigures {
  waiting: number
  active: number
  /** seconds the oldest waiting conversation waited */
  longestWaitSeconds: number
  onlineAgents: number
  today: {
    opened: number
    ended: number
    /** seconds from opening (or the start of the hours) to the first agent message; null: none yet */
    firstResponseMedianSeconds: number | null
    firstResponseP90Seconds: number | null
    ratingAverage: number | null
    ratingCount: number
    /** counts of scores 1…5 */
    ratingDistribution: [number, number, number, number, number]
  }
  agents: Array<
    CsAgent & {
      handledToday: number
      firstResponseMedianSeconds: number | null
      ratingAverage: number | null
      ratingCount: number
    }
  >
}

/** A user's customer-service conversations with their messages, for a dispute (staff read, logged). */
export interface CsDisputeConversations {
  buyer: Array<{ conversation: CsConversation; messages: CsMessage[] }>
  seller: Array<{ conversation: CsConversation; messages: CsMessage[] }>
}

const cannedFields = {
  team: oneOf('小组', CS_TEAMS),
  title: nonBlank('标题', CS_LIMITS.canned.title),
  content: nonBlank('回复内容', CS_LIMITS.canned.content),
  sort: optional(int('排序', 0, 9999)),
}

/** Staff endpoints (docs/api-conventions.md, "Staff endpoints"): each declares its permission. */
export const CS_STAFF = {
  /** the caller's agent profile (made on first call) */
  me: endpoint({
    method: 'GET',
    path: '/cs/agent/me',
    access: 'user',
    permission: PERMS.csAnswer,
    answer: data<CsAgent>(),
  }),
  /** go ONLINE (automatic assignment may give conversations) or OFFLINE */
  setStatus: endpoint({
    method: 'POST',
    path: '/cs/agent/status',
    access: 'user',
    permission: PERMS.csAnswer,
    body: strict({ status: oneOf('接待状态', CS_AGENT_STATUSES) }),
    answer: data<CsAgent>(),
  }),
  /** the waiting conversations, longest wait first (also marks the caller as seen) */
  queue: endpoint({
    method: 'GET',
    path: '/cs/agent/queue',
    access: 'user',
    permission: PERMS.csAnswer,
    answer: data<CsQueueItem[]>(),
  }),
  /**
   * ACTIVE conversations: the caller's own; `all` (supervisor) every agent's; `ended` the caller's
   * (supervisor: everyone's) ended ones of the last 7 days instead
   */
  conversations: endpoint({
    method: 'GET',
    path: '/cs/agent/conversations',
    access: 'user',
    permission: PERMS.csAnswer,
    query: strict({ all: optional(bool('全部')), ended: optional(bool('已结束')) }),
    answer: data<CsQueueItem[]>(),
  }),
  /** take a waiting conversation (none named: the longest waiting); 409 when someone took it first */
  take: endpoint({
    method: 'POST',
    path: '/cs/agent/take',
    access: 'user',
    permission: PERMS.csAnswer,
    body: strict({ conversationId: optional(conversationIdField()) }),
    answer: data<CsQueueItem>(),
  }),
  /** supervisor: run the automatic assignment now (it also runs on enqueue and every few seconds) */
  autoAssign: endpoint({
    method: 'POST',
    path: '/cs/agent/autoAssign',
    access: 'user',
    permission: PERMS.csSupervise,
    answer: data<{ assigned: number }>(),
  }),
  /** supervisor: hand an ACTIVE (or WAITING) conversation to another agent */
  transfer: endpoint({
    method: 'POST',
    path: '/cs/agent/transfer',
    access: 'user',
    permission: PERMS.csSupervise,
    body: strict({ conversationId: conversationIdField(), toUserId: id('接手客服') }),
    answer: data<CsQueueItem>(),
  }),
  /** the answering agent (or a supervisor) ends a conversation */
  end: endpoint({
    method: 'POST',
    path: '/cs/agent/end',
    access: 'user',
    permission: PERMS.csAnswer,
    body: strict({ conversationId: conversationIdField() }),
    answer: data<CsQueueItem>(),
  }),
  /** the answering agent's message (a supervisor may post in any conversation) */
  send: endpoint({
    method: 'POST',
    path: '/cs/agent/message',
    access: 'user',
    permission: PERMS.csAnswer,
    body: messageBody,
    answer: data<CsMessage>(),
  }),
  /** a conversation the caller may see (own, waiting, or any for a supervisor): messages after afterId */
  messages: endpoint({
    method: 'GET',
    path: '/cs/agent/messages/:conversationId',
    access: 'user',
    permission: PERMS.csAnswer,
    params: conversationParams,
    query: afterQuery,
    answer: data<CsMessage[]>(),
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/cs/agent/conversation/:conversationId',
    access: 'user',
    permission: PERMS.csAnswer,
    params: conversationParams,
    answer: data<CsQueueItem>(),
  }),
  /** the side panel (each read is written to the operation log) */
  context: endpoint({
    method: 'GET',
    path: '/cs/agent/context/:conversationId',
    access: 'user',
    permission: PERMS.csAnswer,
    params: conversationParams,
    answer: data<CsUserContext>(),
  }),
  /** every agent profile (the supervisor's transfer targets) */
  agents: endpoint({
    method: 'GET',
    path: '/cs/agent/list',
    access: 'user',
    permission: PERMS.csAnswer,
    answer: data<CsAgent[]>(),
  }),
  /** supervisor: an agent's shown name, team and maximum load */
  editAgent: endpoint({
    method: 'POST',
    path: '/cs/agent/edit',
    access: 'user',
    permission: PERMS.csSupervise,
    body: strict({
      userId: id('客服'),
      staffName: nonBlank('客服名称', CS_LIMITS.staffName),
      team: oneOf('小组', CS_TEAMS),
      maxLoad: int('最大接待数', 1, CS_LIMITS.maxLoad),
    }),
    answer: data<CsAgent>(),
  }),
  /** canned replies of a team (default: the caller's team) */
  canned: endpoint({
    method: 'GET',
    path: '/cs/canned/list',
    access: 'user',
    permission: PERMS.csAnswer,
    query: strict({ team: optional(oneOf('小组', CS_TEAMS)) }),
    answer: data<CsCannedReply[]>(),
  }),
  cannedAdd: endpoint({
    method: 'POST',
    path: '/cs/canned/add',
    access: 'user',
    permission: PERMS.csSupervise,
    body: strict(cannedFields),
    answer: data<CsCannedReply>(),
  }),
  cannedEdit: endpoint({
    method: 'POST',
    path: '/cs/canned/edit',
    access: 'user',
    permission: PERMS.csSupervise,
    body: strict({ cannedId: id('快捷回复编号'), ...cannedFields }),
    answer: data<CsCannedReply>(),
  }),
  cannedRemove: endpoint({
    method: 'POST',
    path: '/cs/canned/remove',
    access: 'user',
    permission: PERMS.csSupervise,
    body: strict({ cannedId: id('快捷回复编号') }),
    answer: none(),
  }),
  /** supervisor: the live figures */
  figures: endpoint({
    method: 'GET',
    path: '/cs/supervisor/figures',
    access: 'user',
    permission: PERMS.csSupervise,
    answer: data<CsFigures>(),
  }),
  /**
   * staff (纠纷仲裁): the customer-service conversations of a disputed order's buyer and seller (the
   * newest 10 each, with their messages); each read is written to the operation log
   */
  disputeConversations: endpoint({
    method: 'GET',
    path: '/cs/dispute/:orderNo',
    access: 'user',
    permission: PERMS.disputeList,
    params: strict({ orderNo: orderNoField() }),
    answer: data<CsDisputeConversations>(),
  }),
}

export type CsOpenBody = BodyOf<typeof CS_CONVERSATION.open>
export type CsSendBody = BodyOf<typeof CS_CONVERSATION.send>
export type CsRateBody = BodyOf<typeof CS_CONVERSATION.rate>
export type CsMessagesQuery = QueryOf<typeof CS_CONVERSATION.messages>
export type CsConversationsQuery = QueryOf<typeof CS_CONVERSATION.conversations>
export type CsCannedBody = BodyOf<typeof CS_STAFF.cannedAdd>
export type CsCannedEditBody = BodyOf<typeof CS_STAFF.cannedEdit>
export type CsEditAgentBody = BodyOf<typeof CS_STAFF.editAgent>
export type CsAgentConversationsQuery = QueryOf<typeof CS_STAFF.conversations>

export { CS_PATH } from '../live-events'
