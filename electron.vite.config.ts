import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

const shared = resolve(import.meta.dirname, 'src/shared')

export default defineConfig({
  main: {
    resolve: { alias: { '@shared': shared } },
    build: { externalizeDeps: true },
  },
  preload: {
    resolve: { alias: { '@shared': shared } },
    // sandboxed preloads cannot require() npm modules: bundle everything into one CommonJS file
    build: {
      externalizeDeps: false,
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    define: { 'import.meta.env.VITE_PLATFORM': JSON.stringify('desktop') },
    resolve: {
      alias: {
        '@shared': shared,
        '@renderer': resolve(import.meta.dirname, 'src/renderer/src'),
        '@platform-impl': resolve(import.meta.dirname, 'src/renderer/src/platform/desktop.ts'),
        // request schemas are the server's business: the bundle gets a no-op builder (schema-stub.ts)
        typebox: resolve(import.meta.dirname, 'src/renderer/src/schema-stub.ts'),
      },
    },
    plugins: [react()],
  },
})
