import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { README, readmeTable, statusTable } from './route-status'

/** table cells without the padding prettier adds */
const cells = (table: string) =>
  table
    .split('\n')
    .map((line) =>
      line
        .replace(/ *\| */g, '|')
        .replace(/\|-+/g, '|-')
        .trim(),
    )
    .filter(Boolean)

describe('README status table', () => {
  it('lists every route of the route table with its real state (npm run docs:routes updates it)', () => {
    expect(cells(readmeTable(readFileSync(README, 'utf8')))).toEqual(cells(statusTable()))
  })
})
