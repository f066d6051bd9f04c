/**
 * antd's `form.validateFields()` rejects when a field is wrong: the field already shows its
 * message under it, so that rejection is no error to report, and left unhandled it surfaced as an
 * uncaught error (issue 33). Every dialog that validates by hand goes through `validated`: the
 * values, or null when a field said no. Any other failure is thrown on. docs/console.md, "Dialogs".
 */
import type { FormInstance } from 'antd'

/** Whether `error` is antd's "some fields are wrong" rejection (it carries `errorFields`). */
export function isFieldsError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields)
}

/** The form's values once every field passes; null (nothing to do) when one does not. */
export async function validated<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields()
  } catch (error) {
    if (isFieldsError(error)) return null
    throw error
  }
}
