/**
 * Runtime checks of IPC arguments. The renderer is untrusted: types of the shared contract are a
 * promise of the preload, not a guarantee, so every channel parses its raw arguments here.
 * A failure throws IpcArgumentError; ipcRenderer.invoke then rejects in the renderer.
 */
import {
  isCustomerServicePath,
  type CustomerServiceRequest,
  type DesktopSettingsPatch,
} from '@shared/desktop'
import {
  isAppRoutePath,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  type AppNotification,
  type NotificationKind,
} from '@shared/live-events'
import { WORKBENCH_COUNT_MAX, type WorkbenchCounts } from '@shared/workbench'

export class IpcArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'IpcArgumentError'
  }
}

export const TOKEN_MAX_LENGTH = 4096
export const URL_MAX_LENGTH = 8192

function arity(raw: readonly unknown[], n: number): void {
  if (raw.length !== n) throw new IpcArgumentError(`expected ${n} argument(s), got ${raw.length}`)
}

/** A session token: non-empty string of at most 4096 visible characters (it becomes an HTTP header). */
export function parseToken(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > TOKEN_MAX_LENGTH) {
    throw new IpcArgumentError(`token must be a non-empty string of at most ${TOKEN_MAX_LENGTH} characters`)
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new IpcArgumentError('token must not contain control characters')
  return value
}

/** A badge count: a non-negative safe integer. */
export function parseCount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new IpcArgumentError('count must be a non-negative integer')
  }
  return value
}

/** A URL as text; whether it may be opened is the allow-list's business (isAllowedExternalUrl). */
export function parseUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > URL_MAX_LENGTH) {
    throw new IpcArgumentError(`url must be a non-empty string of at most ${URL_MAX_LENGTH} characters`)
  }
  return value
}

/** Parser of a channel without arguments, for ChannelHandler.args. */
export function noArgs(raw: readonly unknown[]): [] {
  arity(raw, 0)
  return []
}

/** Parser of a one-argument channel, for ChannelHandler.args. */
export function oneArg<T>(parse: (value: unknown) => T): (raw: readonly unknown[]) => [T] {
  return (raw) => {
    arity(raw, 1)
    return [parse(raw[0])]
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  )
}

function onlyKeys(value: Record<string, unknown>, allowed: readonly string[], what: string): void {
  const extra = Object.keys(value).filter((k) => !allowed.includes(k))
  if (extra.length) throw new IpcArgumentError(`${what}: unknown field(s) ${extra.join(', ')}`)
}

function text(value: unknown, what: string, max: number, min = 1): string {
  if (typeof value !== 'string' || value.length < min || value.length > max) {
    throw new IpcArgumentError(`${what} must be a string of ${min}-${max} characters`)
  }
  return value
}

/** A live-event notification: a known kind, bounded text, an in-app route for the click. */
export function parseNotification(value: unknown): AppNotification {
  if (!isPlainObject(value)) throw new IpcArgumentError('notification must be an object')
  onlyKeys(value, ['kind', 'title', 'body', 'path'], 'notification')
  const kind = value['kind']
  if (typeof kind !== 'string' || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) {
    throw new IpcArgumentError('notification kind is unknown')
  }
  const path = value['path']
  if (!isAppRoutePath(path)) throw new IpcArgumentError('notification path must be an app route')
  return {
    kind: kind as NotificationKind,
    title: text(value['title'], 'notification title', NOTIFICATION_LIMITS.title),
    body: text(value['body'], 'notification body', NOTIFICATION_LIMITS.body, 0),
    path,
  }
}

/** A customer-service request: the built-in conversation's route, perhaps with one attachment. */
export function parseCsRequest(value: unknown): CustomerServiceRequest {
  if (!isPlainObject(value)) throw new IpcArgumentError('request must be an object')
  onlyKeys(value, ['path'], 'customer-service request')
  const path = value['path']
  if (!isCustomerServicePath(path)) {
    throw new IpcArgumentError('customer service opens its own route only (/service/chat.html)')
  }
  return { path }
}

function bool(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new IpcArgumentError(`${what} must be true or false`)
  return value
}

/** The settings dialog's patch: known fields only, each of its type (the settings service checks values). */
export function parseSettingsPatch(value: unknown): DesktopSettingsPatch {
  if (!isPlainObject(value)) throw new IpcArgumentError('settings must be an object')
  onlyKeys(
    value,
    ['apiOrigin', 'notifications', 'downloadDir', 'askWhereToSave', 'startMinimized'],
    'settings',
  )
  const patch: DesktopSettingsPatch = {}
  if (value['apiOrigin'] !== undefined) patch.apiOrigin = text(value['apiOrigin'], 'apiOrigin', 2048)
  if (value['downloadDir'] !== undefined) patch.downloadDir = text(value['downloadDir'], 'downloadDir', 1024)
  if (value['askWhereToSave'] !== undefined)
    patch.askWhereToSave = bool(value['askWhereToSave'], 'askWhereToSave')
  if (value['startMinimized'] !== undefined)
    patch.startMinimized = bool(value['startMinimized'], 'startMinimized')
  const n = value['notifications']
  if (n !== undefined) {
    if (!isPlainObject(n)) throw new IpcArgumentError('notifications must be an object')
    onlyKeys(n, NOTIFICATION_KINDS, 'notifications')
    patch.notifications = Object.fromEntries(
      Object.entries(n).map(([kind, on]) => [kind, bool(on, `notifications.${kind}`)]),
    ) as Partial<Record<NotificationKind, boolean>>
  }
  return patch
}

/** An in-app route (workbench:open-main): same rules as a notification's click path. */
export function parseRoutePath(value: unknown): string {
  if (!isAppRoutePath(value)) throw new IpcArgumentError('path must be an app route')
  return value
}

function countField(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > WORKBENCH_COUNT_MAX)
    throw new IpcArgumentError(`${what} must be an integer of 0-${WORKBENCH_COUNT_MAX}`)
  return value
}

/**
 * The workbench's counts for the tray: known fields only, non-negative integers (chats may be null);
 * null when logged out.
 */
export function parseWorkbenchCounts(value: unknown): WorkbenchCounts | null {
  if (value === null) return null
  if (!isPlainObject(value)) throw new IpcArgumentError('counts must be an object')
  onlyKeys(value, ['toDeliver', 'pendingBids', 'unreadMessages', 'unreadChats'], 'counts')
  const chats = value['unreadChats']
  return {
    toDeliver: countField(value['toDeliver'], 'toDeliver'),
    pendingBids: countField(value['pendingBids'], 'pendingBids'),
    unreadMessages: countField(value['unreadMessages'], 'unreadMessages'),
    unreadChats: chats === null || chats === undefined ? null : countField(chats, 'unreadChats'),
  }
}
