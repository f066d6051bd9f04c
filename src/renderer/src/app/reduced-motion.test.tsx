import { useContext } from 'react'
import { render, screen } from '@testing-library/react'
import { Context as MotionContext } from '@rc-component/motion/lib/context'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReducedMotion } from './reduced-motion'

function Probe() {
  const { motion } = useContext(MotionContext)
  return <span>{motion === false ? 'motion off' : 'motion on'}</span>
}

function systemAsks(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  )
}

describe('ReducedMotion', () => {
  afterEach(() => vi.restoreAllMocks())

  it("turns antd's animations off where the system asks for reduced motion", () => {
    systemAsks(true)
    render(
      <ReducedMotion>
        <Probe />
      </ReducedMotion>,
    )
    expect(screen.getByText('motion off')).toBeTruthy()
  })

  it('leaves them on otherwise', () => {
    systemAsks(false)
    render(
      <ReducedMotion>
        <Probe />
      </ReducedMotion>,
    )
    expect(screen.getByText('motion on')).toBeTruthy()
  })
})
