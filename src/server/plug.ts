/**
 * A place where a module listed later plugs in what an earlier module reads (module.ts): the account
 * module reads the payment password and the write-off conditions through funds, trade and goods,
 * which are built after it (they need its real-name gate). The later module plugs its part in when
 * it registers; reading a socket nobody plugged names what is missing. One plug per socket.
 */
export interface Socket<T> {
  plug(impl: T): void
  get(): T
}

export function socket<T>(what: string): Socket<T> {
  let impl: T | null = null
  return {
    plug(value) {
      if (impl !== null) throw new Error(`${what}: plugged twice`)
      impl = value
    },
    get() {
      if (impl === null)
        throw new Error(`${what}: no module plugged it in (modules/index.ts lists the modules)`)
      return impl
    },
  }
}
