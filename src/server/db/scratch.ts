/**
 * Scratch PostgreSQL databases of the tests and benches (TEST_DATABASE_URL or DATABASE_URL names a
 * server where the user may create databases): made empty or as a copy of a template database, and
 * dropped. `name` is the caller's own (letters, digits, underscores).
 */
import pg from 'pg'

async function asAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** Creates database `name` (a copy of `template` when given) and answers its URL. */
export async function createScratchDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  await asAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  return databaseUrlOf(adminUrl, name)
}

/** The URL of database `name` on the server of `adminUrl` (same user and options). */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops database `name`, closing whatever connections are still open to it. */
export const dropScratchDatabase = (adminUrl: string, name: string) =>
  asAdmin(adminUrl, `drop database if exists ${name} with (force)`)
