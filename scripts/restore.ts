/**
 * `npm run restore -- <backup directory> [--force]`: puts a backup of scripts/backup.ts back into the
 * installation the environment names (DATA_DIR, UPLOAD_DIR, KEYS_DIR; docs/operations.md, "Backup and
 * restore"). The server must not run on that data directory meanwhile.
 *
 * - The manifest is checked first: its format, and the SHA-256 of every file it lists (a file missing,
 *   changed or added stops the restore before anything is written).
 * - A data directory that holds a database, uploads or keys already is refused unless `--force`; with
 *   it the old database (and its -wal/-shm files) is replaced, uploads and keys are written over.
 * - After copying, the database is opened: `integrity_check` must answer ok and its last migration be
 *   the manifest's. The server migrates it further on its next start if it is newer.
 * - A PostgreSQL backup (manifest `database: postgres`) restores the uploads and keys only; the
 *   database comes back with pg_restore or the base backup (docs/operations.md).
 */
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs'
import { chmod, copyFile, mkdir, readFile, readdir, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import SQLite from 'better-sqlite3'
import {
  BACKUP_FORMAT,
  describeSqlite,
  filesUnder,
  installationFromEnv,
  sha256File,
  type BackupManifest,
  type Installation,
} from './backup'

/** Reads and checks a backup's manifest against its files; answers the manifest or throws naming the first problem. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as BackupManifest
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`不认识的备份格式 ${manifest.format}（unknown backup format）`)
  const present = (await filesUnder(dir)).filter((f) => f !== 'manifest.json')
  const extra = present.filter((f) => !(f in manifest.files))
  if (extra.length) throw new Error(`备份中有清单外的文件：${extra[0]}（a file the manifest does not list）`)
  for (const [rel, sum] of Object.entries(manifest.files)) {
    let actual: string | null = null
    try {
      actual = sha256File(join(dir, rel))
    } catch {
      // missing: said below
    }
    if (actual === null) throw new Error(`备份缺少文件：${rel}（missing）`)
    if (actual !== sum) throw new Error(`备份文件已损坏：${rel}（SHA-256 differs）`)
  }
  return manifest
}

/** What the target already holds (a database, uploads or keys). */
async function occupied(to: Installation): Promise<string[]> {
  const held: string[] = []
  const dbFiles = (await readdir(to.dataDir).catch(() => [] as string[])).filter((f) =>
    f.startsWith('market.db'),
  )
  if (dbFiles.length) held.push(join(to.dataDir, 'market.db'))
  if ((await filesUnder(to.uploadDir)).length) held.push(to.uploadDir)
  if ((await filesUnder(to.keysDir)).length) held.push(to.keysDir)
  return held
}

export async function restore(
  from: string,
  to: Installation,
  opts: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await verifyBackup(from)
  if (manifest.database === 'sqlite' && to.databaseUrl)
    throw new Error('这是 SQLite 备份，但已设置 DATABASE_URL（a SQLite backup, but DATABASE_URL is set）')
  const held = await occupied(to)
  if (held.length && !opts.force)
    throw new Error(
      `目标不是空的：${held.join('、')}；确认覆盖请加 --force（the target holds data; --force replaces it）`,
    )

  await mkdir(to.dataDir, { recursive: true, mode: 0o700 })
  if (manifest.database === 'sqlite') {
    for (const side of ['', '-wal', '-shm']) await rm(join(to.dataDir, `market.db${side}`), { force: true })
    await copyFile(join(from, 'market.db'), join(to.dataDir, 'market.db'))
    await chmod(join(to.dataDir, 'market.db'), 0o600)
  }
  for (const rel of Object.keys(manifest.files)) {
    const [top, ...rest] = rel.split('/')
    if (top !== 'uploads' && top !== 'keys') continue
    const base = top === 'uploads' ? to.uploadDir : to.keysDir
    const target = join(base, ...rest)
    // synchronous file by file, as the backup (scripts/backup.ts, copyTree)
    mkdirSync(dirname(target), { recursive: true, mode: top === 'keys' ? 0o700 : 0o755 })
    copyFileSync(join(from, rel), target)
    if (top === 'keys') chmodSync(target, 0o600)
  }
  if (Object.keys(manifest.files).some((f) => f.startsWith('keys/'))) await chmod(to.keysDir, 0o700)

  if (manifest.database === 'sqlite') {
    const file = join(to.dataDir, 'market.db')
    const db = new SQLite(file, { fileMustExist: true })
    try {
      const check = db.pragma('integrity_check', { simple: true })
      if (check !== 'ok')
        throw new Error(`恢复的数据库未通过完整性检查：${String(check)}（integrity_check failed）`)
    } finally {
      db.close()
    }
    const { migration } = describeSqlite(file)
    if (migration !== manifest.migration)
      throw new Error(`迁移版本不一致：${migration} ≠ ${manifest.migration}（the migration differs）`)
  }
  return manifest
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href
if (isMain) {
  const args = process.argv.slice(2)
  const from = args.find((a) => !a.startsWith('--'))
  if (!from) {
    console.error('用法（usage）：npm run restore -- <备份目录> [--force]')
    process.exit(2)
  }
  const to = installationFromEnv()
  try {
    const m = await restore(resolve(from), to, { force: args.includes('--force') })
    console.log(`已恢复（restored）${resolve(from)} → ${to.dataDir}`)
    console.log(
      `  created ${m.createdAt}; ${Object.keys(m.files).length} files checked` +
        (m.database === 'sqlite'
          ? `; migration ${m.migration}; ${Object.entries(m.counts)
              .map(([t, n]) => `${t} ${n}`)
              .join(', ')}`
          : '; PostgreSQL: restore the database with pg_restore (docs/operations.md)'),
    )
    if (m.keysFromEnvironment.length)
      console.log(
        `  give the server these variables again (not in the backup): ${m.keysFromEnvironment.join(', ')}`,
      )
  } catch (err) {
    console.error((err as Error).message)
    process.exit(1)
  }
}
