/** In-site messages (站内信, order messages) and their unread counts (docs/screens.md). */
import { defineModule } from '../../module'
import { messageRoutes } from './routes'
import { messageService, type MessageService } from './service'

declare module '../../module' {
  interface Services {
    messages: MessageService
  }
}

export const messageModule = defineModule({
  name: 'message',
  needs: ['auth', 'exports'],
  provides: ['messages'],
  register({ db, now, bus, routes }, { auth, exports }) {
    const messages = messageService(db, { bus, exports, users: auth, now })
    routes(messageRoutes, { messages, isStaff: auth.isStaff })
    return { messages }
  },
})
