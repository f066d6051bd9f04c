import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({ protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() } }))
vi.mock('electron', () => electron)

import {
  buildCsp,
  createAppProtocolHandler,
  handleAppProtocol,
  registerAppScheme,
  resolveRendererFile,
} from './app-protocol'

let root: string
let outside: string
const csp = buildCsp('http://localhost:8080')

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'app-protocol-'))
  root = join(base, 'renderer')
  outside = join(base, 'secret.txt')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>游侠易市</title>')
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(join(root, 'favicon.ico'), 'ico')
  writeFileSync(outside, 'secret')
})
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }))

const get = (url: string, method = 'GET') =>
  createAppProtocolHandler({ root, csp })(new Request(url, { method }))

describe('app:// scheme', () => {
  it('is registered privileged: standard, secure, fetch', () => {
    registerAppScheme()
    const [schemes] = electron.protocol.registerSchemesAsPrivileged.mock.calls[0] as [
      Array<{ scheme: string; privileges: Record<string, boolean> }>,
    ]
    expect(schemes[0]?.scheme).toBe('app')
    expect(schemes[0]?.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true })
  })

  it('handleAppProtocol installs the handler for app', () => {
    handleAppProtocol({ root, csp })
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function))
  })
})

describe('CSP', () => {
  it('allows self, the API origin for connect and img, inline styles, no inline scripts', () => {
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("form-action 'self'")
    expect(csp).toContain("base-uri 'self'")
    expect(csp).toContain("connect-src 'self' http://localhost:8080")
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:8080")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe/)
  })
})

describe('app protocol handler', () => {
  it('serves files with their type and the CSP header', async () => {
    const res = await get('app://marketplace/assets/index-abc.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('content-security-policy')).toBe(csp)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toBe('console.log(1)')
  })

  it('answers history-mode routes with index.html', async () => {
    for (const path of ['/', '/login.html', '/detail/12.html', '/buyer/pay.html', '/no/such/page']) {
      const res = await get(`app://marketplace${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('content-security-policy')).toBe(csp)
      expect(await res.text()).toContain('游侠易市')
    }
  })

  it('finds relative assets asked from a nested route (electron-vite builds with base ./)', async () => {
    const res = await get('app://marketplace/detail/assets/index-abc.css')
    expect(res.headers.get('content-type')).toMatch(/^text\/css/)
    expect(await res.text()).toBe('body{}')
    expect(await resolveRendererFile(root, '/seller/favicon.ico')).toBe(join(root, 'favicon.ico'))
  })

  it('never leaves the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await get(`app://marketplace${path}`)
      expect(await res.text(), path).not.toBe('secret')
    }
    expect(await resolveRendererFile(root, '/..%2f..%2fsecret.txt')).not.toBe(outside)
    expect(await resolveRendererFile(root, '/%E0%A4%A')).toBe(join(root, 'index.html'))
  })

  it('refuses other hosts, other methods and /api paths', async () => {
    expect((await get('app://evil/index.html')).status).toBe(404)
    expect((await get('app://marketplace/', 'POST')).status).toBe(405)
    expect((await get('app://marketplace/api/login')).status).toBe(404)
  })

  it('answers HEAD without a body', async () => {
    const res = await get('app://marketplace/login.html', 'HEAD')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })
})
