/**
 * Test helper: cheap computed styles. jsdom computes a style by walking every rule of every style
 * sheet, and antd's CSS-in-JS puts thousands of rules in the document, so each getComputedStyle call
 * costs milliseconds — and antd's popups (opening one Select: about a second) and Testing Library's
 * role queries (their visibility check) make hundreds of them. jsdom has no layout, and page tests
 * assert text, attributes and calls, not computed styles: inside `withCheapComputedStyle()` every
 * element answers an empty style declaration.
 *
 * test-setup.ts calls it for every renderer test file (the page tests that went without it were
 * over half of the whole Vitest run's time), so a test file does not call it itself.
 */
import { afterAll, beforeAll } from 'vitest'

export function withCheapComputedStyle(): void {
  let real: typeof window.getComputedStyle
  beforeAll(() => {
    real = window.getComputedStyle
    window.getComputedStyle = (() => document.createElement('div').style) as typeof window.getComputedStyle
  })
  afterAll(() => {
    window.getComputedStyle = real
  })
}
