/**
 * The live event stream (Server-Sent Events; the events are in src/shared/live-events.ts).
 * EventSource cannot send headers and the long-lived token never goes into a URL, so an
 * authenticated POST answers a single-use ticket (see common.ts) and the stream is opened with it.
 * Plain data: no Node, no DOM.
 */
import { data, endpoint, raw } from './contract'
import { int, optional, strict, text } from './fields'
import type { TicketResult } from './common'

export const EVENTS = {
  /** a single-use, 60-second ticket for opening the stream (rate limited) */
  streamTicket: endpoint({
    method: 'POST',
    path: '/user/message/streamTicket',
    access: 'user',
    answer: data<TicketResult>(),
  }),
  /**
   * text/event-stream: the events after `lastEventId` (or the Last-Event-ID header), else the
   * current unread count first. A refused ticket answers the JSON envelope with code 401.
   */
  stream: endpoint({
    method: 'GET',
    path: '/user/message/stream',
    access: 'public',
    query: strict({
      ticket: text('凭证', 128),
      lastEventId: optional(int('事件编号', 0, Number.MAX_SAFE_INTEGER)),
    }),
    answer: raw(),
  }),
}
