/**
 * What every field row of the game editors sends alike (goods attributes, delivery fields): the
 * key trimmed, the label trimmed or else the key, the kind, and required as a boolean.
 */
export function fieldBase<K>(f: { key: string; label?: string | null; kind: K; required?: boolean | null }) {
  return {
    key: f.key.trim(),
    label: (f.label ?? '').trim() || f.key.trim(),
    kind: f.kind,
    required: Boolean(f.required),
  }
}
