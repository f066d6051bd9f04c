/**
 * Users' live-event streams (Server-Sent Events, resumable with Last-Event-ID). The bus itself and
 * the domain events are the app's (app.ts builds them, every module gets them in its context).
 */
import { defineModule } from '../../module'
import { eventRoutes } from './routes'

export const eventsModule = defineModule({
  name: 'events',
  needs: ['auth', 'tickets', 'messages'],
  register({ now, bus, settings, routes }, { auth, tickets, messages }) {
    routes(eventRoutes, {
      bus,
      tickets,
      sessionAlive: auth.sessionAlive,
      // a fresh stream starts with the unread count
      unreadCount: messages.unreadCount,
      heartbeatMs: settings.streamHeartbeatMs,
      now,
    })
  },
})
