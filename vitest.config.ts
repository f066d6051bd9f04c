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
