#!/usr/bin/env node
/**
 * `npm run desktop`: build the desktop shell when needed and start it against a running API
 * server (`npm start`, http://localhost:8080 unless MARKET_API_ORIGIN says otherwise).
 *
 * Electron's binary is downloaded by a postinstall step that may have been skipped or blocked.
 * `require('electron')` would then try to download it on the spot; this script checks for the
 * binary first and explains how to get it instead.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))

export const DEFAULT_API_ORIGIN = 'http://localhost:8080'

/** Path of the Electron executable, or null when it is not installed (never downloads). */
export function findElectronBinary(env = process.env) {
  if (env.ELECTRON_EXEC_PATH) return existsSync(env.ELECTRON_EXEC_PATH) ? env.ELECTRON_EXEC_PATH : null
  let pkgDir
  try {
    pkgDir = dirname(require.resolve('electron/package.json'))
  } catch {
    return null
  }
  let executable = ''
  try {
    executable = readFileSync(join(pkgDir, 'path.txt'), 'utf8').trim()
  } catch {
    // no path.txt: the postinstall download never completed
  }
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron')
    return existsSync(p) ? p : null
  }
  if (!executable) return null
  const p = join(pkgDir, 'dist', executable)
  return existsSync(p) ? p : null
}

export const MISSING_ELECTRON_MESSAGE = `
未找到 Electron 可执行文件（安装时下载被跳过或失败）。
  获取方法：
    npx install-electron
  国内网络可先设置镜像，再重新执行：
    ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/ npx install-electron
    （Windows PowerShell: $env:ELECTRON_MIRROR="https://npmmirror.com/mirrors/electron/"; npx install-electron）
  然后重新运行：npm run desktop

Electron's binary is not installed (its download was skipped or failed during npm install).
  Get it with:
    npx install-electron
  or through a mirror (set ELECTRON_MIRROR, e.g. https://npmmirror.com/mirrors/electron/), then
  run npm run desktop again.
`

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const INPUTS = [
  'src/main',
  'src/preload',
  'src/renderer',
  'src/shared',
  'resources',
  'electron.vite.config.ts',
  'package.json',
]

/** Whether out/ is missing or older than any source of the desktop build. */
export function buildIsStale(base = root) {
  const outs = OUTPUTS.map((f) => join(base, f))
  if (!outs.every((f) => existsSync(f))) return true
  const oldestOutput = Math.min(...outs.map((f) => statSync(f).mtimeMs))
  return INPUTS.some((p) => newestMtime(join(base, p)) > oldestOutput)
}

async function serverAnswers(origin) {
  try {
    await fetch(origin, { signal: AbortSignal.timeout(1500) })
    return true
  } catch {
    return false
  }
}

function electronViteBin() {
  return join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
}

async function main() {
  if (!findElectronBinary()) {
    console.error(MISSING_ELECTRON_MESSAGE)
    process.exit(1)
  }

  const apiOrigin = process.env.MARKET_API_ORIGIN || DEFAULT_API_ORIGIN
  const env = { ...process.env, MARKET_API_ORIGIN: apiOrigin }

  if (buildIsStale()) {
    console.log('构建桌面端 / building the desktop shell (electron-vite build)…')
    const build = spawnSync(process.execPath, [electronViteBin(), 'build'], {
      cwd: root,
      env,
      stdio: 'inherit',
    })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }

  if (!(await serverAnswers(apiOrigin))) {
    console.warn(
      `\n提示：API 服务 ${apiOrigin} 没有响应，请在另一个终端运行 npm start。\n` +
        `Note: the API server at ${apiOrigin} does not answer; run \`npm start\` in another terminal.\n`,
    )
  } else {
    console.log(`API: ${apiOrigin}`)
  }

  const child = spawn(process.execPath, [electronViteBin(), 'preview', '--skipBuild'], {
    cwd: root,
    env,
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main()
}
