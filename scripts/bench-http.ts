/**
 * What the benches (bench-trade.ts, bench-notify.ts) share to talk to the server processes they
 * start: a free port, one HTTP call of the API (JSON, a form or a raw body), the envelope checked,
 * and a process's CPU time.
 */
import http from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { API_BASE } from '../src/shared/constants'

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const s = createServer()
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))
  const { port } = s.address() as AddressInfo
  await new Promise((resolve) => s.close(resolve))
  return port
}

export interface Reply {
  status: number
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope, read as each bench needs
  json: any
  location: string | undefined
}

/** Where a call goes: the server's port, its keep-alive agent (or none), the client's own address. */
export interface Conn {
  port: number
  agent: http.Agent | false
  localAddress?: string
}

/**
 * One call of the API on 127.0.0.1: `path` under API_BASE (prefixed unless it is there already),
 * the body as JSON (`body`), a form (`form`: fields or a ready urlencoded text) or `raw` bytes.
 */
export function request(
  conn: Conn,
  method: 'GET' | 'POST',
  path: string,
  opts: {
    token?: string
    body?: unknown
    form?: Record<string, string> | string
    /** a ready body with its content type (multipart uploads) */
    raw?: { type: string; data: Buffer }
  } = {},
): Promise<Reply> {
  const payload =
    opts.raw !== undefined
      ? opts.raw.data
      : opts.form !== undefined
        ? typeof opts.form === 'string'
          ? opts.form
          : new URLSearchParams(opts.form).toString()
        : opts.body !== undefined
          ? JSON.stringify(opts.body)
          : undefined
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (payload !== undefined) {
    headers['content-type'] =
      opts.raw?.type ??
      (opts.form !== undefined ? 'application/x-www-form-urlencoded;charset=utf-8' : 'application/json')
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: conn.port,
        path: path.startsWith(API_BASE) ? path : `${API_BASE}${path}`,
        method,
        agent: conn.agent,
        localAddress: conn.localAddress,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const json = (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null
          resolve({ status: res.statusCode ?? 0, text, json, location: res.headers.location })
        })
        res.on('error', reject)
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    if (payload !== undefined) req.write(payload)
    req.end()
  })
}

/** The envelope of an answer that must be HTTP 200 with code 200; else an error naming `what`. */
export async function ok(reply: Promise<Reply>, what: string) {
  const r = await reply
  if (r.status !== 200 || r.json?.code !== 200)
    throw new Error(`${what}: HTTP ${r.status} ${r.json?.code ?? ''} ${r.json?.msg ?? r.text.slice(0, 200)}`)
  return r.json
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields 14 and 15 of stat (utime, stime) in clock ticks; Linux reports 100 ticks per second
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}
