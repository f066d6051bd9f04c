import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import react from '@vitejs/plugin-react'

/**
 * Imports of a whole module where the importer uses one or two of its parts. A barrel that attaches
 * its parts to an object at the top (`Input.Search = Search`, `Form.List = List`) keeps all of them
 * in the bundle whatever is used, so these importers get a module of just the parts they use
 * (docs/ssr.md, the first load). The server's renderer keeps the imports as they are (Node cannot
 * load antd's `es` files); each part is the very module the original re-exports, so a context or a
 * component is the same object either way.
 */
interface NarrowImport {
  /** the importing file */
  importer: RegExp
  /** the import, as written */
  source: string | RegExp
  /** the module it gets instead */
  code: string
}

const NARROW_IMPORTS: NarrowImport[] = [
  // the home search's plain box: antd's Input without Search, TextArea, Password, OTP and Group
  {
    importer: /[\\/]components[\\/]bare-input\.ts$/,
    source: 'antd',
    code: `export { default as Input } from 'antd/es/input/Input'`,
  },
  // antd's form context (ConfigProvider and every tooltip reach it) needs rc-form's provider alone:
  // the barrel brought Form, Field, List, useForm and the validator (~80 KB) into every first load
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    code: `export { FormProvider } from '@rc-component/form/es/FormContext'`,
  },
  // antd's colour class (its button tokens reach it) extends rc's alone, not the whole picker
  {
    importer: /[\\/]antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/,
    source: '@rc-component/color-picker',
    code: `export { Color } from '@rc-component/color-picker/es/color'`,
  },
  ...antdIsBrightOnly(),
]

/**
 * antd's button and tag styles import one helper, `isBright`, from the colour picker's ColorPresets
 * component, which brought antd Collapse into every page's first load. They get that function alone,
 * taken from antd's own file at build time (when it is not found there, nothing is replaced).
 */
function antdIsBrightOnly(): NarrowImport[] {
  const file = createRequire(import.meta.url).resolve('antd/es/color-picker/components/ColorPresets.js')
  const fn = /^export const isBright = [\s\S]*?^};$/m.exec(readFileSync(file, 'utf8'))?.[0]
  if (!fn) return []
  return [
    {
      importer: /[\\/]antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/,
      source: /\/color-picker\/components\/ColorPresets$/,
      code: `import { Color as RcColor } from '@rc-component/color-picker/es/color'\n${fn}`,
    },
  ]
}

function narrowImports(): Plugin {
  const PREFIX = '\0narrow:'
  return {
    name: 'narrow-imports',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr) return null
      const at = NARROW_IMPORTS.findIndex(
        (n) =>
          (typeof n.source === 'string' ? n.source === source : n.source.test(source)) &&
          n.importer.test(importer ?? ''),
      )
      return at < 0 ? null : PREFIX + at
    },
    load(id) {
      return id.startsWith(PREFIX) ? `${NARROW_IMPORTS[Number(id.slice(PREFIX.length))]!.code}\n` : null
    },
  }
}

/**
 * The chunks a chunk imports statically, with theirs: loaded once it runs. Vite lists every chunk a
 * lazily imported one needs for its preload (`__vite__mapDeps`), those of the importing chunk too:
 * the entry's table of pages named the entry's own chunks some 270 times (docs/ssr.md, the first
 * load). `resolveDependencies` below leaves them out.
 */
function staticClosure() {
  let bundle: Rollup.OutputBundle = {}
  const closures = new Map<string, Set<string>>()
  const plugin: Plugin = {
    name: 'static-closure',
    generateBundle: {
      order: 'pre',
      handler(_, output) {
        bundle = output
        closures.clear()
      },
    },
  }
  const of = (fileName: string): Set<string> => {
    let set = closures.get(fileName)
    if (!set) {
      set = new Set()
      const visit = (name: string) => {
        const chunk = bundle[name]
        if (set!.has(name) || chunk?.type !== 'chunk') return
        set!.add(name)
        chunk.imports.forEach(visit)
      }
      visit(fileName)
      closures.set(fileName, set)
    }
    return set
  }
  return { plugin, loaded: of }
}

const closure = staticClosure()

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
  plugins: [react(), narrowImports(), closure.plugin],
  build: {
    modulePreload: {
      // what the importing chunk already loaded needs no preload (staticClosure above)
      resolveDependencies: (_, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !closure.loaded(hostId).has(dep)) : deps,
    },
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // the server reads it to link a rendered page's own chunk and CSS (docs/ssr.md)
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is loaded by every page anyway: one chunk, not the
        // ~70 shared ones the bundler cut by which lazy pages also use a module. Each module script
        // costs the browser a request, a compile and a link on a phone's main thread while the page
        // starts (docs/ssr.md, the first load); the lazy pages keep their own chunks.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
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
