/**
 * electron-builder.yml holds the installers of the issue: Windows NSIS (x64 + arm64, per-user,
 * shortcuts, Chinese), macOS dmg + zip (x64 + arm64, hardened runtime, entitlements, notarisation),
 * Linux AppImage, icons in build/, fuses, the deep-link protocol and a generic update feed — and
 * electron-builder's own schema accepts it. (Packaging itself downloads Electron: it runs on the
 * target systems, see README.)
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, 'package.json'))
// js-yaml comes with electron-builder and electron-updater
const yaml = require('js-yaml') as { load(text: string): unknown }

type Target = { target: string; arch: string[] }
const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>

const targets = (platform: string): Target[] => config[platform].target as Target[]
const target = (platform: string, name: string) => targets(platform).find((t) => t.target === name)

describe('electron-builder.yml', () => {
  it('is valid for electron-builder itself', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>
    }
    await expect(validateConfiguration(config, { isEnabled: false, add() {} })).resolves.toBeUndefined()
  })

  it('builds Windows NSIS for x64 and arm64: per-user, shortcuts, Chinese', () => {
    expect(target('win', 'nsis')?.arch).toEqual(['x64', 'arm64'])
    expect(config['nsis']).toMatchObject({
      perMachine: false,
      oneClick: false,
      createDesktopShortcut: 'always',
      createStartMenuShortcut: true,
      installerLanguages: ['zh_CN'],
      language: '2052',
      include: 'build/installer.nsh',
    })
    expect(config['win'].icon).toBe('build/icon.ico')
  })

  it('builds macOS dmg and zip for x64 and arm64, hardened and notarised', () => {
    expect(target('mac', 'dmg')?.arch).toEqual(['x64', 'arm64'])
    expect(target('mac', 'zip')?.arch).toEqual(['x64', 'arm64'])
    expect(config['mac']).toMatchObject({
      hardenedRuntime: true,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.plist',
      notarize: true,
      icon: 'build/icon.icns',
    })
    const plist = readFileSync(join(root, 'build/entitlements.mac.plist'), 'utf8')
    expect(plist).toContain('com.apple.security.cs.allow-jit')
    expect(plist).not.toContain('disable-library-validation')
  })

  it('builds a Linux AppImage', () => {
    expect(target('linux', 'AppImage')?.arch).toContain('x64')
  })

  it('finds every icon and packaging input it names', () => {
    for (const file of [
      config['win'].icon,
      config['mac'].icon,
      config['linux'].icon,
      config['mac'].entitlements,
      config['nsis'].include,
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true)
    }
    const ico = readFileSync(join(root, 'build/icon.ico'))
    expect(ico.readUInt16LE(2)).toBe(1) // ICO type
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5)
    const icns = readFileSync(join(root, 'build/icon.icns'))
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    for (const n of ['1', '5', '9', '9plus']) {
      expect(existsSync(join(root, `resources/badge-${n}.png`)), n).toBe(true)
      expect(existsSync(join(root, `resources/badge-${n}@2x.png`)), n).toBe(true)
    }
  })

  it('unpacks resources from asar and flips the security fuses', () => {
    expect(config['asarUnpack']).toContain('resources/**')
    expect(config['electronFuses']).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('registers the deep-link protocol and a generic update feed from the environment', () => {
    expect(config['protocols']).toEqual([{ name: '游侠易市', schemes: ['youxi-market'] }])
    expect(config['publish']).toEqual([
      { provider: 'generic', url: '${env.MARKET_UPDATE_URL}/${os}/${arch}', channel: 'latest' },
    ])
  })

  it('packages the built app, not the sources', () => {
    expect(config['files']).toEqual(expect.arrayContaining(['out/**/*', 'resources/**/*', 'package.json']))
    expect(config['files'].some((f: string) => f.includes('better-sqlite3'))).toBe(true)
  })
})
