import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

/** The plain browser bundle: the renderer with the web platform adapter, no Electron code. */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: '/',
  publicDir: resolve(import.meta.dirname, 'src/renderer/public'),
  define: { 'import.meta.env.VITE_PLATFORM': JSON.stringify('web') },
  resolve: {
    alias: {
      '@shared': resolve(import.meta.dirname, 'src/shared'),
      '@renderer': resolve(import.meta.dirname, 'src/renderer/src'),
      '@platform-impl': resolve(import.meta.dirname, 'src/renderer/src/platform/web.ts'),
      // request schemas are the server's business: the bundle gets a no-op builder (schema-stub.ts)
      typebox: resolve(import.meta.dirname, 'src/renderer/src/schema-stub.ts'),
    },
  },
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // the server reads it to link a rendered page's own chunk and CSS (docs/ssr.md)
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component packages declare no `sideEffects`, so every module they import was kept:
        // antd's button tokens alone brought the whole colour picker and Collapse into the first
        // load. Their modules only define components and helpers (docs/ssr.md, the first load).
        moduleSideEffects: (id) => (/\/node_modules\/@rc-component\/[^/]+\/es\//.test(id) ? false : undefined),
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
})
