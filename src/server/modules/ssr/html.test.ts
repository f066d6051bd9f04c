import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composePage, pageAssets, pageText } from './html'
import type { RenderResult } from './renderer'

const TEMPLATE = `<!doctype html><html><head><title>x</title>
<meta name="keywords" content=""><meta name="description" content="">
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body><div id="root"></div></body></html>`

describe('the rendered page’s CSS', () => {
  let webRoot: string
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'market-html-'))
    await mkdir(join(webRoot, '.vite'), { recursive: true })
    await mkdir(join(webRoot, 'assets'))
    await writeFile(join(webRoot, 'assets', 'index-1.css'), 'body{margin:0}')
    await writeFile(join(webRoot, 'assets', 'Home-1.css'), '.home{color:red}/*</style>*/')
    await writeFile(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
        'src/Home.tsx': { file: 'assets/Home-1.js', css: ['assets/Home-1.css'], imports: ['index.html'] },
      }),
    )
  })
  afterAll(() => rm(webRoot, { recursive: true, force: true }))

  it('is inline and ahead of every script, so the first paint waits for nothing but the HTML', () => {
    const assets = pageAssets(webRoot)
    const result = {
      html: '<p>首页</p>',
      state: null,
      styles: '<style>.ant{}</style>',
      head: {
        title: '首页',
        description: 'd',
        keywords: 'k',
        canonical: null,
        ogType: 'website',
        jsonLd: [],
      },
    } as unknown as RenderResult
    const page = pageText(composePage(assets.shellOf(TEMPLATE), result, assets.tagsOf('src/Home.tsx')))
    const boot = page.indexOf('<script data-entry=')
    expect(page.indexOf('<style data-href="/assets/index-1.css">body{margin:0}</style>')).toBeGreaterThan(0)
    expect(page.indexOf('<style data-href="/assets/index-1.css">')).toBeLessThan(boot)
    expect(page.indexOf('<style data-href="/assets/Home-1.css">')).toBeLessThan(boot)
    // no stylesheet that applies blocks the paint; the page chunk's CSS is marked as present for Vite
    expect(page).not.toMatch(/<link rel="stylesheet"(?! media="not all")/)
    expect(page).toContain('<link rel="stylesheet" media="not all" href="/assets/Home-1.css">')
    // a `</style` inside the CSS cannot end the tag early
    expect(page).toContain('.home{color:red}/*<\\/style>*/</style>')
    // the scripts only make the painted page interactive: the boot script adds them after the first
    // paint, the entry's modules and the page chunk's alike; none is named in the HTML otherwise
    expect(page).toContain(
      '<script data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/Home-1.js">',
    )
    expect(page).not.toMatch(/<script type="module"|<link rel="modulepreload"/)
    expect(page.indexOf('<style>.ant{}</style>')).toBeGreaterThan(
      page.indexOf('<style data-href="/assets/Home-1.css">'),
    )
  })
})
