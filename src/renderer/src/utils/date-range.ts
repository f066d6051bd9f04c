/**
 * Add a date range to a query: `params.beginTime/endTime`, or `params.begin{Prop}/end{Prop}`
 * with a suffix. The nested `params` object is sent as `params[beginTime]=…` by the request layer.
 * Returns a new object; the input is not changed.
 */
export type DateRange =
  readonly [string | undefined, string | undefined] | readonly string[] | null | undefined

export function addDateRange<T extends object>(
  query: T,
  range: DateRange,
  propName?: string,
): T & { params: Record<string, unknown> } {
  const existing = (query as { params?: unknown }).params
  const params: Record<string, unknown> =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing)
      ? { ...(existing as Record<string, unknown>) }
      : {}
  const list = Array.isArray(range) ? range : []
  if (propName === undefined) {
    params.beginTime = list[0]
    params.endTime = list[1]
  } else {
    params[`begin${propName}`] = list[0]
    params[`end${propName}`] = list[1]
  }
  return { ...query, params }
}
