/** The numbered migrations, in order. Both databases run exactly these. */
import type { Migration } from 'kysely'
import type { DbDialect } from '../index'
import accounts from './0001_accounts'
import system from './0002_system'
import games from './0003_games'
import noticesMessages from './0004_notices_messages'

export function migrationsFor(dialect: DbDialect): Record<string, Migration> {
  return {
    '0001_accounts': accounts(dialect),
    '0002_system': system(dialect),
    '0003_games': games(dialect),
    '0004_notices_messages': noticesMessages(dialect),
  }
}
