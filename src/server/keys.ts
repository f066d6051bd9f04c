/**
 * Secrets the server makes for itself, once per DATA_DIR, in DATA_DIR/keys (directory 0700, files
 * 0600): random bytes stored base64. Created with an exclusive write, so two processes starting on
 * the same directory end up with the same secret. Never logged.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export function loadOrCreateSecret(dataDir: string, fileName: string, bytes = 32): Buffer {
  const dir = join(dataDir, 'keys')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const path = join(dir, fileName)
  try {
    writeFileSync(path, randomBytes(bytes).toString('base64'), { mode: 0o600, flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  try {
    chmodSync(path, 0o600)
  } catch {
    // not ours to fix (e.g. a read-only mount); reading still works
  }
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
  if (secret.length !== bytes) throw new Error(`${path} is not a ${bytes}-byte secret`)
  return secret
}
