/** 咨询: pre-sale chat about a listing; staff read it from a disputed order (docs/pre-sale-chat.md). */
import { defineModule } from '../../module'
import { chatRoutes } from './routes'
import { chatService, type ChatService } from './service'

declare module '../../module' {
  interface Services {
    chat: ChatService
  }
}

export const chatModule = defineModule({
  name: 'chat',
  needs: ['goods', 'trade', 'warrant', 'images'],
  provides: ['chat'],
  register({ db, now, bus, routes }, { goods, trade, warrant, images }) {
    const chat = chatService({
      db,
      goods,
      trade,
      disputed: warrant.disputed,
      ownsImage: images.owns,
      bus,
      now,
    })
    routes(chatRoutes, { chat, now })
    return { chat }
  },
})
