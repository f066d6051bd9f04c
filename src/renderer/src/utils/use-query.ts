/**
 * Loads data for a page: `useQuery(key, fetcher)` fetches whenever `key` changes and answers
 * { data, error, loading, reload }. `loading` is derived (the last answer belongs to another key),
 * so no state is set synchronously inside an effect, and answers to an old key are dropped.
 */
import { useCallback, useEffect, useState } from 'react'

interface Answer<T> {
  key: string
  data?: T
  error?: unknown
}

export interface QueryState<T> {
  data: T | undefined
  error: unknown
  loading: boolean
  reload(): void
}

export function useQuery<T>(key: readonly unknown[], fetcher: () => Promise<T>): QueryState<T> {
  const [round, setRound] = useState(0)
  const id = JSON.stringify([...key, round])
  const [answer, setAnswer] = useState<Answer<T> | null>(null)

  useEffect(() => {
    let alive = true
    fetcher().then(
      (data) => alive && setAnswer({ key: id, data }),
      (error: unknown) => alive && setAnswer({ key: id, error }),
    )
    return () => {
      alive = false
    }
    // `id` stands for the fetcher's inputs; the fetcher itself is a new closure every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  const reload = useCallback(() => setRound((r) => r + 1), [])
  const current = answer?.key === id ? answer : null
  return {
    // keep showing the previous data while the next key loads (no flicker between pages)
    data: current ? current.data : answer?.data,
    error: current?.error,
    loading: current === null,
    reload,
  }
}
