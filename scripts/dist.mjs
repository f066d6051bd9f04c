#!/usr/bin/env node
/**
 * `npm run dist:win | dist:mac | dist:linux`: build the desktop app (electron-vite → out/) and
 * package it with electron-builder (electron-builder.yml) into release/<version>/.
 *
 *   node scripts/dist.mjs --win|--mac|--linux [--publish always|never] [extra electron-builder args]
 *
 * Run each on its own system (Windows for NSIS, macOS for dmg/zip and notarisation, Linux for the
 * AppImage): electron-builder downloads Electron for the target, and the keychain module's prebuilt
 * binary (@napi-rs/keyring-<os>-<arch>) must be installed for every arch that is packaged.
 *
 * MARKET_UPDATE_URL is the auto-update feed written into the app (default below, with a warning).
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
export const DEFAULT_UPDATE_URL = 'https://updates.example.com/youxi-market'

const TARGETS = { '--win': 'Windows', '--mac': 'macOS', '--linux': 'Linux' }

function bin(pkg, file) {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file)
}

function run(args, env) {
  const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

function main() {
  const args = process.argv.slice(2)
  const target = args.find((a) => a in TARGETS)
  if (!target) {
    console.error('usage: node scripts/dist.mjs --win|--mac|--linux [electron-builder args]')
    process.exit(2)
  }
  const env = { ...process.env }
  if (!env.MARKET_UPDATE_URL) {
    env.MARKET_UPDATE_URL = DEFAULT_UPDATE_URL
    console.warn(`MARKET_UPDATE_URL is not set: the update feed of this build is ${DEFAULT_UPDATE_URL}`)
  }
  env.MARKET_UPDATE_URL = env.MARKET_UPDATE_URL.replace(/\/+$/, '')
  console.log(`构建桌面端 / building the desktop app for ${TARGETS[target]}…`)
  run([bin('electron-vite', 'bin/electron-vite.js'), 'build'], env)
  const publish = args.includes('--publish') ? [] : ['--publish', 'never']
  run([bin('electron-builder', 'cli.js'), '--config', 'electron-builder.yml', ...publish, ...args], env)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
