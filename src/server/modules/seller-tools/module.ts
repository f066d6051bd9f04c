/** The seller's workbench and bulk actions on listings (docs/seller-tools.md). */
import { defineModule } from '../../module'
import { sellerToolsRoutes } from './routes'

export const sellerToolsModule = defineModule({
  name: 'seller-tools',
  needs: ['goods', 'pushes', 'trade', 'messages', 'chat'],
  register({ now, routes }, { goods, pushes, trade, messages, chat }) {
    routes(sellerToolsRoutes, {
      goods,
      pushes,
      trade,
      unreadMessages: messages.unreadCount,
      unreadChats: chat.unread,
      now,
    })
  },
})
