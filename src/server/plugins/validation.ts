/**
 * Chinese validation messages. Fastify validates every input with the shared JSON schemas; this turns
 * the (first) ajv error into a sentence naming the field by its schema `title`, e.g. 用户名不能为空,
 * 每页条数必须是整数, 消息类型取值不正确.
 */
import type { FastifySchema, FastifySchemaValidationError } from 'fastify'
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
