/**
 * The API contract, typed once (docs/architecture.md, "One contract"). Every endpoint is declared a
 * single time in src/shared/api/<domain>.ts with `endpoint({...})`: method, path, who may call it,
 * the TypeBox schemas of its body / query string / path parameters, and what it answers. The server
 * registers its routes from these declarations (src/server/http/route.ts: validation from the
 * schemas, the envelope from the answer kind) and the renderer calls them through
 * src/renderer/src/api/client.ts — request and result types come from the same object, so a field
 * renamed on one side fails the typecheck on the other. Plain data: no Node, no DOM.
 */
import type { Static, TSchema } from 'typebox'

export type Method = 'GET' | 'POST'

/** Who may call: anyone, anyone with the caller's session when there is one, or a logged-in user. */
export type Access = 'public' | 'optional' | 'user'

/** A list answer: `{ code, msg, rows, total }` plus any extra fields of the list (e.g. totalCapped). */
export type Page<T, X extends object = object> = { rows: T[]; total: number } & X

/**
 * How an answer carries its result (the envelope of docs/api-conventions.md):
 * - data: `{ code, msg, data }` — the result is `data`;
 * - page: `{ code, msg, rows, total, ...extras }`;
 * - flat: the result's fields at the top level and repeated in `data` (RuoYi's login, captcha);
 * - none: `{ code, msg }` only;
 * - raw: not an envelope (files, pages of the payment sandbox, event streams): the route answers itself.
 * `T` rides along as a type only.
 */
export type Answer =
  | { kind: 'data'; t?: unknown }
  | { kind: 'page'; t?: unknown; x?: unknown }
  | { kind: 'flat'; t?: unknown }
  | { kind: 'none' }
  | { kind: 'raw' }

export const data = <T>() => ({ kind: 'data' }) as { kind: 'data'; t?: T }
export const page = <T, X extends object = object>() => ({ kind: 'page' }) as { kind: 'page'; t?: T; x?: X }
export const flat = <T>() => ({ kind: 'flat' }) as { kind: 'flat'; t?: T }
export const none = () => ({ kind: 'none' }) as const
export const raw = () => ({ kind: 'raw' }) as const

export interface EndpointSpec {
  method: Method
  /** relative to /api; `:name` segments are path parameters */
  path: string
  access: Access
  /**
   * Staff endpoints: the permission string the caller must hold (`system:user:edit` style; the admin
   * role and `*:*:*` hold every one). Needs access 'user'. The server checks it before the handler
   * (src/server/http/route.ts); the console shows the same strings with HasPermi.
   */
  permission?: string
  body?: TSchema
  query?: TSchema
  params?: TSchema
  answer: Answer
}

/** Declares an endpoint (identity at run time; keeps the literal types for inference). */
export const endpoint = <const E extends EndpointSpec>(e: E): E => e

type SchemaOf<E, K extends 'body' | 'query' | 'params'> = E extends { [P in K]: infer S extends TSchema }
  ? Static<S>
  : never

export type BodyOf<E> = SchemaOf<E, 'body'>
export type QueryOf<E> = SchemaOf<E, 'query'>
export type ParamsOf<E> = SchemaOf<E, 'params'>

/** What a caller passes: only the parts the endpoint declares. */
export type InputOf<E> = ([BodyOf<E>] extends [never] ? object : { body: BodyOf<E> }) &
  ([QueryOf<E>] extends [never] ? object : { query: QueryOf<E> }) &
  ([ParamsOf<E>] extends [never] ? object : { params: ParamsOf<E> })

/** What a call resolves to (and what the route's handler returns). */
export type ResultOf<E> = E extends { answer: infer A }
  ? A extends { kind: 'data'; t?: infer T }
    ? T
    : A extends { kind: 'page'; t?: infer T; x?: infer X }
      ? Page<T, X extends object ? X : object>
      : A extends { kind: 'flat'; t?: infer T }
        ? T
        : A extends { kind: 'none' }
          ? void
          : never
  : never

/** Fill `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}
