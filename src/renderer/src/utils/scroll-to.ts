/** Smooth scrolling of the window (the pagination scrolls to the top over 800 ms). */
function easeInOutQuad(t: number, b: number, c: number, d: number): number {
  let x = t / (d / 2)
  if (x < 1) return (c / 2) * x * x + b
  x -= 1
  return (-c / 2) * (x * (x - 2) - 1) + b
}

export function scrollTo(to: number, durationMs: number, done?: () => void): void {
  const start = window.scrollY || document.documentElement.scrollTop || 0
  const change = to - start
  if (change === 0 || durationMs <= 0 || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, to)
    done?.()
    return
  }
  const startedAt = performance.now()
  const step = (now: number) => {
    const elapsed = Math.min(now - startedAt, durationMs)
    window.scrollTo(0, easeInOutQuad(elapsed, start, change, durationMs))
    if (elapsed < durationMs) window.requestAnimationFrame(step)
    else done?.()
  }
  window.requestAnimationFrame(step)
}
