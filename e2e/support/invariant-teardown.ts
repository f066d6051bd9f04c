/**
 * Playwright globalTeardown: after the whole end-to-end run, the money invariant of every server's
 * database (balances + escrow = top-ups − withdrawals, every order with its ledger rows, no account
 * sold twice) must hold — what `npm run check:invariant` checks, on the databases the browser tests
 * just traded on. The servers are still running; their DATA_DIR is named by scripts/e2e-server.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkInvariantAt, describeInvariant } from '../../scripts/check-invariant'

export default async function invariantTeardown() {
  const dir = join(import.meta.dirname, '../../scripts/.tmp')
  const markers = readdirSync(dir).filter((name) => /^e2e-data-\d+\.txt$/.test(name))
  const broken: string[] = []
  for (const marker of markers) {
    const dataDir = readFileSync(join(dir, marker), 'utf8').trim()
    const result = await checkInvariantAt({ dataDir })
    console.log(
      `\nmoney invariant of ${marker.replace(/\.txt$/, '')}:\n  ${describeInvariant(result).join('\n  ')}`,
    )
    if (!result.ok) broken.push(marker)
  }
  if (broken.length > 0)
    throw new Error(`money invariant violated after the end-to-end run: ${broken.join(', ')}`)
}
