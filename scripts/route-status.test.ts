import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { README, readmeTable, statusTable } from './route-status'

describe('README status table', () => {
  it('lists every route of the route table with its real state (npm run docs:routes updates it)', () => {
    expect(readmeTable(readFileSync(README, 'utf8'))).toBe(statusTable())
  })
})
