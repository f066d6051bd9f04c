import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/** Builds the API server (src/server) into dist/server/server.js; node_modules stay external. */
export default defineConfig({
  resolve: { alias: { '@shared': resolve(__dirname, 'src/shared') } },
  build: {
    ssr: resolve(__dirname, 'src/server/server.ts'),
    outDir: resolve(__dirname, 'dist/server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'server.js', format: 'es' } },
  },
})
