/**
 * Review and reply text is kept as plain text: markup is dropped (a review is never HTML), control
 * characters removed, line ends made \n with at most one blank line in a row, and the ends trimmed.
 */
export function plainText(input: string): string {
  return (
    input
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // tags and comments of any markup; a lone < or > stays (e.g. "<3")
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
      // C0/C1 controls (but \n and \t), zero-width and bidirectional overrides
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}
