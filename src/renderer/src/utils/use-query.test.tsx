import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useQuery } from './use-query'

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useQuery', () => {
  it('loads, keeps old data while the next key loads, and drops answers to an old key', async () => {
    const calls: Record<number, ReturnType<typeof deferred<string>>> = {}
    const { result, rerender } = renderHook(
      ({ page }) => useQuery(['list', page], () => (calls[page] = deferred()).promise),
      {
        initialProps: { page: 1 },
      },
    )
    expect(result.current.loading).toBe(true)
    await act(async () => calls[1].resolve('page 1'))
    expect(result.current).toMatchObject({ loading: false, data: 'page 1' })

    rerender({ page: 2 })
    expect(result.current).toMatchObject({ loading: true, data: 'page 1' })
    rerender({ page: 3 })
    await act(async () => calls[2].resolve('page 2 (stale)'))
    expect(result.current.loading).toBe(true)
    await act(async () => calls[3].resolve('page 3'))
    expect(result.current).toMatchObject({ loading: false, data: 'page 3' })
  })

  it('reports an error and loads again on reload', async () => {
    let n = 0
    const { result } = renderHook(() =>
      useQuery(['x'], () => (++n === 1 ? Promise.reject(new Error('boom')) : Promise.resolve('ok'))),
    )
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error))
    act(() => result.current.reload())
    await waitFor(() => expect(result.current.data).toBe('ok'))
    expect(result.current.error).toBeUndefined()
    expect(n).toBe(2)
  })
})
