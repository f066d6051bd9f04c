/**
 * CSV as Excel and WPS in China open it: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting.
 * Three kinds of cells:
 * - numbers (a JS number, or money from csvNumber / csvYuan such as -260.00): written bare, so the
 *   spreadsheet reads a real number it can add up — a negative amount too;
 * - identifiers (order, top-up, withdrawal numbers: csvId, and any text of digits a spreadsheet
 *   would turn into a number and lose: more than 11 digits or a leading zero): written as the
 *   formula ="…", which Excel and WPS both evaluate to that exact text, so a 24-digit order number
 *   stays 202405181430054829105733 instead of 2.02405E+23. (A leading tab also keeps Excel from
 *   converting, but the tab stays in the cell and breaks lookups and copies; ="…" leaves clean text.)
 *   Only letters, digits, '-' and '_' go into that form, so nothing can break out of its quotes;
 * - other text: a cell a spreadsheet would run as a formula (leading = + - @, tab, carriage return)
 *   gets a leading apostrophe (the formula-injection guard). It applies to text cells only.
 */
const NUMBER_CELL = Symbol('csv number')
const ID_CELL = Symbol('csv id')

export interface CsvNumber {
  readonly [NUMBER_CELL]: string
}
export interface CsvId {
  readonly [ID_CELL]: string
}
export type CsvCell = string | number | boolean | null | undefined | CsvNumber | CsvId

const FORMULA_START = /^[=+\-@\t\r]/
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/
const ID_TEXT = /^[A-Za-z0-9_-]+$/
/** digits Excel would store as a number and mangle (scientific notation, lost digits, lost zeros) */
const FRAGILE_DIGITS = /^(\d{12,}|0\d+)$/

/** A number cell from its decimal text (e.g. '-260.00', which keeps its two decimals). */
export function csvNumber(text: string): CsvNumber {
  if (!NUMERIC_TEXT.test(text)) throw new Error(`not a decimal number: ${text}`)
  return { [NUMBER_CELL]: text }
}

/** An identifier that must stay text in a spreadsheet (order, top-up, withdrawal numbers). */
export function csvId(text: string): CsvId {
  return { [ID_CELL]: text }
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
const asFormulaText = (text: string) => quoted(`="${text}"`)

function textCell(text: string): string {
  if (FRAGILE_DIGITS.test(text)) return asFormulaText(text)
  return quoted(FORMULA_START.test(text) ? `'${text}` : text)
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return textCell(value)
  if (NUMBER_CELL in value) return value[NUMBER_CELL]
  const id = value[ID_CELL]
  if (id === '') return ''
  return ID_TEXT.test(id) ? asFormulaText(id) : textCell(id)
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
