/**
 * `npm run backup [-- <directory>]`: a backup of the installation the environment names (DATA_DIR,
 * UPLOAD_DIR, KEYS_DIR, DATABASE_URL, read by the server's own config loader), taken while the server
 * runs (docs/operations.md, "Backup and restore"). Into `<directory>` (default
 * `backups/<UTC timestamp>/`):
 *
 * - `market.db`: SQLite's online backup API (better-sqlite3 `backup`) on a connection of its own, the
 *   whole database copied in one step from one read snapshot: WAL-safe, and the server keeps writing
 *   meanwhile (readers and the writer do not block each other in WAL mode). Taken first, so every
 *   uploaded file a row of it names is already there when the uploads are copied.
 * - `uploads/`: the uploaded files (each written aside and renamed by the server, so each is whole);
 * - `keys/` (0700, files 0600): the secret files of KEYS_DIR; secrets given as variables are only
 *   named in the manifest (keep them in the secret manager);
 * - `manifest.json`: the format, the time, the last migration, a few row counts, and the SHA-256 of
 *   every file, which restore (scripts/restore.ts) checks.
 *
 * With DATABASE_URL (PostgreSQL) the database is not copied here: pg_dump or a base backup with WAL
 * archiving does it (docs/operations.md); the uploads and keys are, with a manifest saying so.
 */
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import SQLite from 'better-sqlite3'
import { loadConfig } from '../src/server/config'
import { keysOf, SECRET_ENV } from '../src/server/keys'

/** The manifest's format; restore refuses others. */
export const BACKUP_FORMAT = 1

export interface BackupManifest {
  format: number
  createdAt: string
  database: 'sqlite' | 'postgres'
  /** the last migration the database had run (SQLite; null for PostgreSQL) */
  migration: string | null
  /** rows of a few tables in the copy (SQLite) */
  counts: Record<string, number>
  /** the variables whose secrets are not in keys/ (given by the environment) */
  keysFromEnvironment: string[]
  /** every file of the backup but the manifest, by its path in the backup: its SHA-256 (hex) */
  files: Record<string, string>
}

/** Where an installation keeps its data (from the server's configuration). */
export interface Installation {
  dataDir: string
  uploadDir: string
  keysDir: string
  databaseUrl?: string
  /** the secrets given as variables, by file name */
  givenKeys: readonly string[]
}

export function installationFromEnv(): Installation {
  const config = loadConfig()
  return {
    dataDir: config.dataDir,
    uploadDir: config.uploadDir ?? join(config.dataDir, 'uploads'),
    keysDir: resolve(keysOf(config.dataDir, config.env.keys).dir),
    databaseUrl: config.databaseUrl,
    givenKeys: Object.keys(config.env.keys.given ?? {}),
  }
}

export const COUNTED_TABLES = ['users', 'goods', 'orders', 'ledger'] as const

/** A file's SHA-256 (hex). Synchronous, like the copies below: one file at a time, each done at once. */
export const sha256File = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex')

/** The files under `dir` (relative paths, `/`-separated), none when it is missing. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return []
      throw err
    },
  )
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort()
}

/**
 * Copies the files of `from` into `to` (directories made with `mode`), answering their relative paths.
 * Synchronous file by file: a running server's requests would otherwise stand between every step.
 */
async function copyTree(from: string, to: string, mode: number, fileMode?: number): Promise<string[]> {
  mkdirSync(to, { recursive: true, mode })
  const files = await filesUnder(from)
  for (const rel of files) {
    const target = join(to, rel)
    mkdirSync(dirname(target), { recursive: true, mode })
    copyFileSync(join(from, rel), target)
    if (fileMode !== undefined) chmodSync(target, fileMode)
  }
  return files
}

/** The database's last migration and a few counts (SQLite, read from the copy). */
export function describeSqlite(file: string): { migration: string | null; counts: Record<string, number> } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const last = db.prepare('select name from kysely_migration order by name desc limit 1').get() as
      { name: string } | undefined
    const counts: Record<string, number> = {}
    for (const table of COUNTED_TABLES)
      counts[table] = (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    return { migration: last?.name ?? null, counts }
  } finally {
    db.close()
  }
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')

/** Takes a backup of `from` into `out` (a new or empty directory); answers the manifest. */
export async function backup(from: Installation, out: string): Promise<BackupManifest> {
  await mkdir(out, { recursive: true, mode: 0o700 })
  if ((await readdir(out)).length > 0)
    throw new Error(`备份目录不是空的：${out}（the backup directory is not empty）`)
  const files: Record<string, string> = {}
  let migration: string | null = null
  let counts: Record<string, number> = {}

  if (!from.databaseUrl) {
    const source = join(from.dataDir, 'market.db')
    await stat(source)
    const target = join(out, 'market.db')
    // read-write (a read-only connection cannot make the -shm file of a WAL database), writes nothing
    const db = new SQLite(source, { fileMustExist: true })
    try {
      db.pragma('busy_timeout = 5000')
      // the first step opens the backup (0 pages); the second copies every page from one snapshot
      await db.backup(target, { progress: ({ totalPages }) => totalPages + 1 })
    } finally {
      db.close()
    }
    await chmod(target, 0o600)
    // the copy as one self-contained file (the server turns WAL on again when it opens it)
    const copy = new SQLite(target, { fileMustExist: true })
    copy.pragma('journal_mode = DELETE')
    copy.close()
    ;({ migration, counts } = describeSqlite(target))
  }

  const uploads = await copyTree(from.uploadDir, join(out, 'uploads'), 0o755)
  const keys = await copyTree(from.keysDir, join(out, 'keys'), 0o700, 0o600)
  await chmod(join(out, 'keys'), 0o700)
  const all = [
    ...(from.databaseUrl ? [] : ['market.db']),
    ...uploads.map((f) => `uploads/${f}`),
    ...keys.map((f) => `keys/${f}`),
  ]
  for (const rel of all) files[rel] = sha256File(join(out, rel))

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: from.databaseUrl ? 'postgres' : 'sqlite',
    migration,
    counts,
    keysFromEnvironment: from.givenKeys.map((f) => SECRET_ENV[f] ?? f).sort(),
    files,
  }
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  return manifest
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isMain) {
  const from = installationFromEnv()
  const out = resolve(process.argv[2] ?? join('backups', stamp(new Date())))
  const started = performance.now()
  const m = await backup(from, out)
  console.log(`备份完成（backup written）：${out}`)
  console.log(
    `  ${
      m.database === 'sqlite'
        ? `market.db (migration ${m.migration}; ${Object.entries(m.counts)
            .map(([t, n]) => `${t} ${n}`)
            .join(', ')})`
        : 'PostgreSQL: not included, use pg_dump (docs/operations.md)'
    }; ` +
      `${Object.keys(m.files).filter((f) => f.startsWith('uploads/')).length} uploads; ` +
      `${Object.keys(m.files).filter((f) => f.startsWith('keys/')).length} key files; ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  if (m.keysFromEnvironment.length)
    console.log(`  not in keys/ (given as variables, keep them): ${m.keysFromEnvironment.join(', ')}`)
}
