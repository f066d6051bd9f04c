/** The module list's order check, and the app's own list passing it. */
import { describe, expect, it } from 'vitest'
import { MODULES } from './modules'
import { checkOrder } from './module'

const mod = (name: string, needs: string[] = [], provides: string[] = []) => ({
  name,
  needs: needs as never[],
  provides: provides as never[],
})

describe('checkOrder', () => {
  it('accepts a list where every need comes from an earlier module', () => {
    expect(() =>
      checkOrder([mod('a', [], ['x']), mod('b', ['x'], ['y']), mod('c', ['x', 'y'])]),
    ).not.toThrow()
  })

  it('names the module, the service and the provider listed after it', () => {
    expect(() => checkOrder([mod('trade', ['protection']), mod('protection', [], ['protection'])])).toThrow(
      'module trade needs "protection" from module protection, listed after it',
    )
  })

  it('refuses a need nobody provides, a module needing itself and a service provided twice', () => {
    expect(() => checkOrder([mod('a', ['ghost'])])).toThrow(
      'module a needs "ghost", which no listed module provides',
    )
    expect(() => checkOrder([mod('a', ['x'], ['x'])])).toThrow('listed as itself')
    expect(() => checkOrder([mod('a', [], ['x']), mod('b', [], ['x'])])).toThrow(
      'service "x" is provided by both a and b',
    )
  })

  it("passes for the app's MODULES, each named once", () => {
    expect(() => checkOrder(MODULES)).not.toThrow()
    const names = MODULES.map((m) => m.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
