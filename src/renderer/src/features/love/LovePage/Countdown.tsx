/**
 * The activity's countdown (to its start or its end). The server renders only the fixed time; the
 * ticking starts after mount, on the browser's clock corrected by the server's (`serverNow`).
 */
import { useEffect, useState } from 'react'
import { countdownText } from './time'

export function Countdown({
  target,
  serverNow,
  label,
  onReached,
}: {
  target: number
  serverNow: number
  label: string
  onReached?: () => void
}) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    const skew = serverNow - Date.now()
    const tick = () => setNow(Date.now() + skew)
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [serverNow])
  const reached = now !== null && now >= target
  useEffect(() => {
    if (reached) onReached?.()
  }, [reached, onReached])
  if (now === null) return null
  return (
    <span className="love-countdown" role="timer" aria-live="off">
      {label}
      <strong>{countdownText(target - now)}</strong>
    </span>
  )
}
