/**
 * A server entry bundled into one JavaScript file for the tests that run real server processes
 * (cluster/two-process.test.ts, pay/crash.test.ts). Such a child ran the sources under tsx, which
 * transformed ~600 TypeScript files on every start: importing the app took ~6 s of CPU per child.
 * esbuild bundles the entry in about a second, once per test file, and node then loads one file
 * (node_modules stay outside the bundle, as in the built server): ~1.8 s of CPU per child.
 * docs/architecture.md ("Tests").
 */
import { mkdir, rm } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { threadId } from 'node:worker_threads'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '../..')

export interface BundledEntry {
  /** the JavaScript file to run with `node <file>` */
  file: string
  remove(): Promise<void>
}

/**
 * `entry` (a path under the repository) bundled for node. The file lies in dist/.test-children, inside
 * the repository so that its imports of node_modules resolve, and next to dist/web as the built server.
 */
export async function bundleEntry(entry: string): Promise<BundledEntry> {
  const dir = join(root, 'dist/.test-children')
  await mkdir(dir, { recursive: true })
  const file = join(
    dir,
    `${basename(entry).replace(/\.ts$/, '')}-${process.pid}-${threadId}-${Date.now()}.mjs`,
  )
  await build({
    entryPoints: [resolve(root, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@shared': join(root, 'src/shared') },
    sourcemap: 'inline',
    logLevel: 'error',
  })
  return { file, remove: () => rm(file, { force: true }) }
}
