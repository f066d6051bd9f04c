/**
 * Vitest: four projects (server, main, renderer in jsdom, renderer files with module mocks).
 *
 * Where the time went (the whole run, measured under a load average of 20–29 on 2 cores: 47 min wall,
 * 493 s CPU, 1,386 tests in 194 files): renderer files 73 % of the file-seconds, server 27 %, main
 * under 1 %. The renderer files that let jsdom compute real styles (role queries and antd popups
 * walking antd's thousands of CSS-in-JS rules) were 32 files and 57 % of the whole run; the setup
 * file now gives every renderer file cheap computed styles (src/renderer/src/testing/computed-style.ts).
 * On the server side scrypt at N=16384 was a good part of every login and registration; under Vitest
 * new hashes cost N=1024 (src/server/test-setup.ts). Same-minute CPU, before → after:
 * order detail + console dictionary/config/order + login page tests 39.7 s for 9 of 16 tests → 33.0 s
 * for all 16; auth + must-change + trade server tests 40.9 → 33.8 s (and the 50-buyer race no longer
 * timed out). Whole run after: 448 s wall at load 6–10, 295 s CPU (before: 493 s CPU), all 1,363
 * tests passing; file-seconds renderer 2,326 → 367, server 854 → 164 (the loads differ: compare CPU).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve, sep } from 'node:path'
import { defineConfig } from 'vitest/config'

const alias = {
  '@shared': resolve(import.meta.dirname, 'src/shared'),
  '@renderer': resolve(import.meta.dirname, 'src/renderer/src'),
  '@platform-impl': resolve(import.meta.dirname, 'src/renderer/src/platform/web.ts'),
}

/**
 * Renderer tests that replace modules with vi.mock: they cannot share a module graph with the
 * others, so they run in a project of their own (found by reading the files, so a new one needs no list).
 */
function rendererTestsWithModuleMocks(): string[] {
  const dir = 'src/renderer'
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file).split(sep).join('/'))
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')))
}
const RENDERER_MODULE_MOCKS = rendererTestsWithModuleMocks()

export default defineConfig({
  resolve: { alias },
  test: {
    // vitest's default is one worker fewer than the cores: on a 2-core machine that is one worker
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['scripts/test-template.ts'],
          // cheaper password hashes (modules/auth/password.ts)
          setupFiles: ['src/server/test-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // each test builds its own app (buildApp), so files can share one module graph per worker
          isolate: false,
          pool: 'threads',
        },
      },
      {
        resolve: { alias },
        test: {
          // the Electron main process and preload with Electron's modules faked by vi.mock: isolated
          name: 'main',
          environment: 'node',
          include: ['src/main/**/*.test.ts', 'src/preload/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        define: { 'import.meta.env.VITE_PLATFORM': JSON.stringify('web') },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          exclude: RENDERER_MODULE_MOCKS,
          setupFiles: ['src/renderer/src/test-setup.ts'],
          testTimeout: 20_000,
          // one module graph per worker: antd, React and the app load once per worker instead of once
          // per file (importing them was most of the renderer run); test-setup.ts resets client state
          // after each test, so files still run alone and in any order
          isolate: false,
          pool: 'threads',
        },
      },
      {
        resolve: { alias },
        define: { 'import.meta.env.VITE_PLATFORM': JSON.stringify('web') },
        test: {
          // files that replace modules with vi.mock need a module graph of their own
          name: 'renderer-mocks',
          environment: 'jsdom',
          include: RENDERER_MODULE_MOCKS,
          setupFiles: ['src/renderer/src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
})
