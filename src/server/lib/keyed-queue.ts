/**
 * Runs tasks of the same key one after another (in the order they arrive) and tasks of different
 * keys side by side. In-process only: what must be ordered across processes also takes a lock in
 * the database (e.g. the payment-password check locks the wallet row).
 */
export function keyedQueue<K>() {
  const tails = new Map<K, Promise<unknown>>()
  return {
    run<T>(key: K, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve()
      const result = previous.then(task, task)
      const tail = result.catch(() => undefined)
      tails.set(key, tail)
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key)
      })
      return result
    },
    /** keys with a task running or waiting (tests) */
    get size() {
      return tails.size
    },
  }
}
