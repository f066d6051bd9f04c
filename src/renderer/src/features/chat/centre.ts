/** The centre frame of the 咨询 pages: the message centre with its own breadcrumb entry. */
import { MESSAGE_CENTRE, type Centre } from '@renderer/app/layouts/CentreLayout'

export const CHAT_LIST_PATH = '/message/chat.html'
export const CHAT_CENTRE: Centre = { ...MESSAGE_CENTRE, home: CHAT_LIST_PATH }
