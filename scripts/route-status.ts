// Prints README's status table from the route table (the records of src/shared/pages/site.ts), or with
// --write puts it between README's route-status markers. scripts/route-status.test.ts keeps them equal.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SITE_ROUTES as ROUTES } from '../src/shared/pages/site'

export const README = fileURLToPath(new URL('../README.md', import.meta.url))
const START = '<!-- route-status:start -->'
const END = '<!-- route-status:end -->'

export function statusTable(): string {
  const rows = ROUTES.map(
    (r) =>
      `| \`${r.path}\` | ${r.title} | ${r.section} | ${r.auth ? 'yes' : ''} | ${r.built ? 'built' : 'not built (建设中)'} |`,
  )
  const built = ROUTES.filter((r) => r.built).length
  return [
    `${built} of ${ROUTES.length} routes built.`,
    '',
    '| route | title | section | login | status |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

export function readmeTable(readme: string): string {
  const start = readme.indexOf(START)
  const end = readme.indexOf(END)
  if (start < 0 || end < start) throw new Error('README has no route-status markers')
  return readme.slice(start + START.length, end).trim()
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = statusTable()
  if (process.argv.includes('--write')) {
    const readme = readFileSync(README, 'utf8')
    const current = readmeTable(readme)
    writeFileSync(
      README,
      readme.replace(current ? current : `${START}\n`, current ? table : `${START}\n${table}\n`),
    )
    console.log('README status table updated')
  } else {
    console.log(table)
  }
}
