import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

const IS_BRIGHT = '\0antd-is-bright'

/**
 * antd's button and tag styles import one helper, `isBright`, from the colour picker's ColorPresets
 * component, which brings antd Collapse into every page's first load. They get that function alone,
 * taken from antd's own file at build time (when it is not found there, nothing is replaced).
 */
function antdIsBrightOnly(): Plugin {
  const file = createRequire(import.meta.url).resolve('antd/es/color-picker/components/ColorPresets.js')
  const fn = /^export const isBright = [\s\S]*?^};$/m.exec(readFileSync(file, 'utf8'))?.[0]
  return {
    name: 'antd-is-bright-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        fn &&
        source.endsWith('/color-picker/components/ColorPresets') &&
        /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer ?? '')
      )
        return IS_BRIGHT
      return null
    },
    load(id) {
      return id === IS_BRIGHT
        ? `import { Color as RcColor } from '@rc-component/color-picker'\n${fn}\n`
        : null
    },
  }
}

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
  plugins: [react(), antdIsBrightOnly()],
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
        moduleSideEffects: (id) =>
          /\/node_modules\/@rc-component\/[^/]+\/es\//.test(id) ? false : undefined,
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
})
