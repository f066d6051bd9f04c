import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/** Builds the API server (src/server) into dist/server/server.js; node_modules stay external. */
export default defineConfig({
  resolve: { alias: { '@shared': resolve(import.meta.dirname, 'src/shared') } },
  build: {
    ssr: resolve(import.meta.dirname, 'src/server/server.ts'),
    outDir: resolve(import.meta.dirname, 'dist/server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'server.js', format: 'es' } },
  },
})
