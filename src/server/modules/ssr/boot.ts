/**
 * The one inline script of a rendered page (docs/ssr.md "Hydration"): it starts the app's scripts
 * after the first paint, and keeps the taps made before the app runs so the app handles them then.
 *
 * - **Scripts after the first paint.** A rendered page paints from its HTML and inline CSS alone;
 *   its 28–68 module scripts (210–320 KB) only make it interactive. Named in the head, they start
 *   downloading with the document and share a phone's bandwidth with it and the pictures above the
 *   fold (and Lighthouse counts every script that finished before the largest paint as needed for
 *   it). Here they are named in this tag's data attributes and added once the first paint is on
 *   the screen: the browser's report of it (a `paint` entry: it comes when the frame is presented,
 *   some 20–60 ms after the frame's work on the main thread), or where there is no such report,
 *   after DOMContentLoaded, a requestAnimationFrame and a task. A hidden tab paints no frame, so
 *   they start after 3 s at the latest. The entry comes first, then its modules'
 *   preloads 16 to a task: ~100 at once (before the entry was one chunk) were one task of ~30 ms
 *   (four times that on a phone).
 * - **Early taps are not lost.** Until the app runs, a tap on a button, a tab, a checkbox or a
 *   label would do nothing (a link is followed by the browser, a text box takes focus: both are
 *   left alone). Those taps are kept (their default prevented, so no form submits) and main.tsx
 *   clicks the same elements again once the hydration has committed (`takeEarlyTaps`).
 *
 * The Content-Security-Policy allows this script by its hash (plugins/security-headers.ts), so
 * the page needs no 'unsafe-inline'. Written as plain ES5: it runs before anything else.
 */
import { createHash } from 'node:crypto'

const BOOT_SCRIPT = `(function (d, w) {
  var me = d.currentScript, taps = [], started = false;
  var KEEP = 'button,label,summary,input[type=checkbox],input[type=radio],input[type=submit],input[type=button],' +
    '[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=option],[role=menuitem]';
  function early(e) {
    var t = e.target;
    if (!t || !t.closest || t.closest('a[href]')) return;
    var el = t.closest(KEEP);
    if (!el) return;
    e.preventDefault();
    taps.push(el);
  }
  d.addEventListener('click', early, true);
  w.__earlyTaps = { taps: taps, stop: function () { d.removeEventListener('click', early, true); } };
  function add(tag, attrs) {
    var el = d.createElement(tag);
    for (var k in attrs) el.setAttribute(k, attrs[k]);
    d.head.appendChild(el);
  }
  function preload(list, from) {
    for (var i = from; i < list.length && i < from + 16; i++)
      if (list[i]) add('link', { rel: 'modulepreload', href: list[i], fetchpriority: 'low' });
    if (i < list.length) setTimeout(function () { preload(list, i); }, 0);
  }
  function start() {
    if (started) return;
    started = true;
    add('script', { type: 'module', src: me.getAttribute('data-entry'), fetchpriority: 'low' });
    preload((me.getAttribute('data-preload') || '').split(' '), 0);
  }
  function afterFrame() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  var PO = w.PerformanceObserver, painted = false;
  if (PO && PO.supportedEntryTypes && PO.supportedEntryTypes.indexOf('paint') >= 0) {
    new PO(function (list, observer) {
      if (painted) return;
      painted = true;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', afterFrame);
  else afterFrame();
  setTimeout(start, 3000);
})(document, window);`

/** The CSP source that allows the boot script: `'sha256-…'`. */
export const BOOT_SCRIPT_CSP = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The boot tag of a page: its entry script and the modules to preload with it. */
export function bootTag(entry: string, preloads: readonly string[]): string {
  return `<script data-entry="${attr(entry)}" data-preload="${attr(preloads.join(' '))}">${BOOT_SCRIPT}</script>`
}
