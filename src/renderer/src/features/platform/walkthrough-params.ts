/** A positive safe integer from a search parameter, or null. */
export function idFromParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
