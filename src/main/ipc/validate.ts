/**
 * Runtime checks of IPC arguments. The renderer is untrusted: types of the shared contract are a
 * promise of the preload, not a guarantee, so every channel parses its raw arguments here.
 * A failure throws IpcArgumentError; ipcRenderer.invoke then rejects in the renderer.
 */

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
