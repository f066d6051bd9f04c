/**
 * Chinese validation messages. Fastify validates every input with the shared JSON schemas; this turns
 * the (first) ajv error into a sentence naming the field by its schema `title`, e.g. 用户名不能为空,
 * 每页条数必须是整数, 消息类型取值不正确.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify'
import type { SchemaErrorFormatter } from 'fastify/types/schema'

interface SchemaNode {
  title?: string
  properties?: Record<string, SchemaNode>
  items?: SchemaNode
}

const TYPE_PROBLEMS: Record<string, string> = {
  integer: '必须是整数',
  number: '必须是数字',
  string: '必须是文本',
  boolean: '必须是布尔值',
  array: '必须是数组',
  object: '格式不正确',
}

/** The title of the deepest titled schema node along the path (array items inherit the array's title). */
function titleAt(root: SchemaNode | undefined, segments: string[]): string {
  let node = root
  let title = root?.title ?? '请求内容'
  for (const segment of segments) {
    node = node?.properties?.[segment] ?? (/^\d+$/.test(segment) ? node?.items : undefined)
    title = node?.title ?? (/^\d+$/.test(segment) ? title : segment)
  }
  return title
}

export function validationMessage(
  error: FastifySchemaValidationError,
  schema: SchemaNode | undefined,
): string {
  const path = error.instancePath.split('/').slice(1)
  const p = error.params
  if (error.keyword === 'required') return `${titleAt(schema, [...path, String(p.missingProperty)])}不能为空`
  if (error.keyword === 'additionalProperties') return `不支持的参数：${String(p.additionalProperty)}`
  const field = titleAt(schema, path)
  switch (error.keyword) {
    case 'type':
      return field + (TYPE_PROBLEMS[String(p.type)] ?? '类型不正确')
    case 'minLength':
      return p.limit === 1 ? `${field}不能为空` : `${field}长度不能少于 ${p.limit} 个字符`
    case 'maxLength':
      return `${field}长度不能超过 ${p.limit} 个字符`
    case 'pattern':
    case 'format':
      return `${field}格式不正确`
    case 'enum':
    case 'const':
      return `${field}取值不正确`
    case 'minimum':
      return `${field}不能小于 ${p.limit}`
    case 'maximum':
      return `${field}不能大于 ${p.limit}`
    case 'minItems':
      return `${field}至少需要 ${p.limit} 项`
    case 'maxItems':
      return `${field}最多 ${p.limit} 项`
    case 'safeInteger':
      return `${field}超出有效范围`
    default:
      return `${field}不正确`
  }
}

/** A route's schemaErrorFormatter: it knows the route's schemas, so it can name fields by title. */
export function schemaErrorFormatterFor(schema: FastifySchema | undefined): SchemaErrorFormatter {
  return (errors, dataVar) => {
    const part = (schema as Record<string, SchemaNode | undefined> | undefined)?.[dataVar]
    return new Error(validationMessage(errors[0], part))
  }
}

// ---------------------------------------------------------------- the validator compiler
/*
 * Why our own compiler (docs/api-conventions.md, "Numbers"): ajv's built-in coercion turns any text
 * that `Number()` understands into a number — "Infinity", "-Infinity", "1e400", " 7", "0x10" — and the
 * coerced value then slips past minimum/maximum. So:
 *  - JSON bodies are never coerced: a number must arrive as a JSON number;
 *  - query strings and path parameters are coerced here, strictly: an integer field takes only
 *    decimal digits (optional sign) that make a safe integer, a number field a plain decimal, a
 *    boolean field true/false/1/0; anything else stays text and fails the type check with the
 *    field's name;
 *  - every `integer` must be a safe integer wherever it appears (keyword `safeInteger`, added to each
 *    integer node when the schema is compiled), so 2^53 + 1 or 1e20 without a maximum is refused too.
 */

interface CoercibleNode {
  type?: string | string[]
  properties?: Record<string, CoercibleNode>
  patternProperties?: Record<string, CoercibleNode>
  items?: CoercibleNode
}

const INTEGER_TEXT = /^[+-]?\d{1,16}$/
const DECIMAL_TEXT = /^[+-]?\d{1,16}(\.\d{1,16})?$/

const typesOf = (node: CoercibleNode | undefined): string[] =>
  node?.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type]

/** One text value of a query string or path as the schema node's type, or unchanged when it is not one. */
export function coerceText(value: unknown, node: CoercibleNode | undefined): unknown {
  const types = typesOf(node)
  if (types.includes('array')) {
    const list = Array.isArray(value) ? value : [value]
    return list.map((v) => coerceText(v, node?.items))
  }
  if (Array.isArray(value) || typeof value !== 'string') return value
  if (types.includes('integer') && INTEGER_TEXT.test(value)) {
    const n = Number(value)
    return Number.isSafeInteger(n) ? n : value
  }
  if (types.includes('number') && DECIMAL_TEXT.test(value)) return Number(value)
  if (types.includes('boolean')) {
    if (value === 'true' || value === '1') return true
    if (value === 'false' || value === '0') return false
  }
  return value
}

/** Coerces the top-level fields of a query string or params object in place (they are flat). */
function coerceFlat(data: unknown, schema: CoercibleNode) {
  if (!data || typeof data !== 'object') return
  const record = data as Record<string, unknown>
  const patterns = Object.entries(schema.patternProperties ?? {}).map(
    ([re, node]) => [new RegExp(re, 'u'), node] as const,
  )
  for (const [key, value] of Object.entries(record)) {
    const node = schema.properties?.[key] ?? patterns.find(([re]) => re.test(key))?.[1]
    if (node) record[key] = coerceText(value, node)
  }
}

/** A copy of the schema with `safeInteger: true` beside every integer type. */
export function withSafeIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: unknown) => withSafeIntegers(s)) as T
  if (!schema || typeof schema !== 'object') return schema
  const copy: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema))
    copy[k] = k === 'enum' || k === 'const' ? v : withSafeIntegers(v)
  if (typesOf(copy as CoercibleNode).includes('integer')) copy.safeInteger = true
  return copy as T
}

function newAjv() {
  const ajv = new Ajv({
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  })
  ajv.addKeyword({
    keyword: 'safeInteger',
    type: 'number',
    schemaType: 'boolean',
    errors: false,
    validate: (on: boolean, data: number) => !on || Number.isSafeInteger(data),
  })
  return ajv
}

/*
 * Compiled validators are kept per schema text for the life of the process: the schemas are the
 * shared declarations (src/shared/api), the same in every app a process builds. Compiling them was
 * ~0.65 s of every buildApp, which a test file pays once per app it starts (docs/architecture.md,
 * "Tests"); a server process builds one app and is unaffected.
 */
const ajv = newAjv()
const compiled = new Map<string, ValidateFunction>()

function validatorOf(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema)
  let validate = compiled.get(text)
  if (!validate) {
    validate = ajv.compile(withSafeIntegers(schema as object))
    compiled.set(text, validate)
  }
  return validate
}

/** Installs the strict compiler: routes registered after this use it for body, query, params, headers. */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = validatorOf(schema)
    if (httpPart !== 'querystring' && httpPart !== 'params') return validate
    const node = schema as CoercibleNode
    // fastify reads `.errors` of the function it was given when it answers false
    const coercing = (data: unknown) => {
      coerceFlat(data, node)
      const valid = validate(data)
      coercing.errors = valid ? null : (validate.errors ?? null)
      return valid
    }
    coercing.errors = null as ErrorObject[] | null
    return coercing
  })
}
