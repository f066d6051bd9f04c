import { createHash } from 'node:crypto'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { BOOT_SCRIPT_CSP, bootTag } from './boot'

interface BootWindow {
  __earlyTaps: { taps: { id: string }[]; stop(): void }
}

/** A rendered page with the boot tag, its scripts run as a browser would (jsdom). */
function pageWith(tag: string) {
  const html = `<!doctype html><html><head>${tag}</head><body>
    <form><button id="buy" type="submit">立即购买</button><input id="kw" type="text"></form>
    <a id="next" href="#page-2">下一页</a><label id="agree"><input type="checkbox"> 同意</label>
    <p id="text">说明</p></body></html>`
  return new JSDOM(html, { runScripts: 'dangerously', pretendToBeVisual: true })
}

const click = (dom: JSDOM, id: string) => {
  const event = new dom.window.MouseEvent('click', { bubbles: true, cancelable: true })
  dom.window.document.getElementById(id)!.dispatchEvent(event)
  return event
}

describe('the boot script of a rendered page', () => {
  it('adds the entry and its modules only after the parsed page has had a frame (no paint timing)', async () => {
    const dom = pageWith(bootTag('/assets/index-1.js', ['/assets/react-1.js', '/assets/Home-1.js']))
    const { document } = dom.window
    expect(document.querySelectorAll('script[type=module], link[rel=modulepreload]')).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(
      [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/react-1.js', '/assets/Home-1.js'])
    const entry = document.querySelector('script[type=module]')!
    expect(entry.getAttribute('src')).toBe('/assets/index-1.js')
    expect(entry.getAttribute('fetchpriority')).toBe('low')
    dom.window.close()
  })

  it('where the browser reports its paints, waits for the first one to be on screen', async () => {
    // jsdom has no paint timing: the browser's report is played by a PerformanceObserver of our own
    const observers: ((list: unknown, observer: { disconnect(): void }) => void)[] = []
    class PaintObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint']
      constructor(private callback: (list: unknown, observer: { disconnect(): void }) => void) {}
      observe(options: { type: string }) {
        if (options.type === 'paint') observers.push(this.callback)
      }
      disconnect() {}
    }
    const html = `<!doctype html><html><head>${bootTag('/assets/index-1.js', ['/assets/a-1.js'])}</head><body><p>内容</p></body></html>`
    const dom = new JSDOM(html, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      beforeParse(window) {
        ;(window as unknown as { PerformanceObserver: unknown }).PerformanceObserver = PaintObserver
      },
    })
    const { document } = dom.window
    const started = () => document.querySelectorAll('script[type=module]').length
    await new Promise((resolve) => setTimeout(resolve, 100))
    // a frame has come and gone (the fallback's signal), but no paint was reported: nothing yet
    expect(observers).toHaveLength(1)
    expect(started()).toBe(0)
    observers[0]!({}, { disconnect() {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started()).toBe(1)
    expect(document.querySelector('link[rel=modulepreload]')!.getAttribute('href')).toBe('/assets/a-1.js')
    // a second report changes nothing
    observers[0]!({}, { disconnect() {} })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started()).toBe(1)
    dom.window.close()
  })

  it('keeps taps on buttons and labels until the app takes them, and leaves links and text alone', () => {
    const dom = pageWith(bootTag('/assets/index-1.js', []))
    const boot = dom.window as unknown as BootWindow
    // a button in a form: kept, and the form is not submitted (the app submits it when it clicks again)
    expect(click(dom, 'buy').defaultPrevented).toBe(true)
    expect(click(dom, 'agree').defaultPrevented).toBe(true)
    // a link is followed by the browser, text and text boxes need nothing
    expect(click(dom, 'next').defaultPrevented).toBe(false)
    expect(click(dom, 'text').defaultPrevented).toBe(false)
    expect(click(dom, 'kw').defaultPrevented).toBe(false)
    expect(boot.__earlyTaps.taps.map((el) => el.id)).toEqual(['buy', 'agree'])
    // once the app runs its own handlers take over
    boot.__earlyTaps.stop()
    expect(click(dom, 'buy').defaultPrevented).toBe(false)
    expect(boot.__earlyTaps.taps).toHaveLength(2)
    dom.window.close()
  })

  it('is allowed by the CSP hash of exactly its text, whatever the page’s scripts', () => {
    const tag = bootTag('/assets/a&b".js', ['/x.js'])
    const text = /<script [^>]*>([\s\S]*)<\/script>$/.exec(tag)![1]!
    expect(BOOT_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
    // attribute values are escaped, so a file name cannot end the tag
    expect(tag).toContain('data-entry="/assets/a&amp;b&quot;.js"')
    expect(bootTag('/assets/other.js', [])).toContain(text)
  })
})
