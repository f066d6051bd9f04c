/**
 * GET parameters as a query string: empty values (undefined, null, '') are left out;
 * object values are flattened as `name[key]=value` (nested objects: `name[a][b]`), so
 * `{ params: { beginTime: '2024-01-01' } }` becomes `params%5BbeginTime%5D=2024-01-01`.
 * Arrays are objects too: `ids[0]=1&ids[1]=2`. Dates are sent as ISO text.
 */
export function toQueryString(params: Record<string, unknown> | null | undefined): string {
  if (!params) return ''
  const parts: string[] = []
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return
    if (value instanceof Date) {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value.toISOString())}`)
    } else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>))
        add(`${name}[${key}]`, inner)
    } else if (typeof value !== 'function' && typeof value !== 'symbol') {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    }
  }
  for (const [name, value] of Object.entries(params)) add(name, value)
  return parts.join('&')
}
