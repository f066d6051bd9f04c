import { resolve } from 'node:path'
import { defineConfig, mergeConfig } from 'vite'
import web from './vite.web.config'

/**
 * The page renderer of the API server (docs/ssr.md): the renderer's server entry built for Node into
 * dist/ssr/entry-server.js, with the same aliases as the web bundle. Dependencies stay in
 * node_modules except the ones Node cannot import as published (CSS imports inside them).
 */
export default mergeConfig(
  web,
  defineConfig({
    build: {
      ssr: resolve(import.meta.dirname, 'src/renderer/src/ssr/entry-server.tsx'),
      outDir: resolve(import.meta.dirname, 'dist/ssr'),
      emptyOutDir: true,
      manifest: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: 'entry-server.js' } },
    },
    // jsencrypt's ES module does not load in Node as published, and @emotion/hash's CommonJS build
    // gives Node's import its exports object instead of the function: both bundled
    ssr: { noExternal: ['jsencrypt', '@emotion/hash'] },
  }),
)
