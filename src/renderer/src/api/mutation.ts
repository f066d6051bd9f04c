/**
 * The one shape of a change (docs/architecture.md, "Server data in the renderer"): a mutation that,
 * once it succeeded, says so (`done`, when the page does not say it itself) and refetches the
 * queries under `keys` — every api module's changes are built from it.
 *
 * A failure is shown once: by the request layer (its toast, for calls without `errors: 'caller'`),
 * else by this helper as a toast (`errors: 'global'`, the default), else by the page
 * (`errors: 'caller'`: `<ErrorAlert error={mutation.error} />`, components/ErrorAlert.tsx).
 */
import {
  useMutation,
  useQueryClient,
  type MutationKey,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query'
import { toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'

export interface ChangeOptions<T, R> {
  /** the queries to refetch once it succeeded; a function for keys that depend on the answer or input */
  keys?: readonly QueryKey[] | ((result: R, input: T) => readonly QueryKey[])
  /** the success toast, when the page does not say it itself */
  done?: string
  /**
   * Who shows a failure the request layer did not show (an `errors: 'caller'` call, a failure before
   * the call): 'global' (default) a toast with the server's reason; 'caller' the page (`<ErrorAlert>`).
   */
  errors?: 'global' | 'caller'
  /** more to do once it succeeded, before the refetch (e.g. put the answer into a query's data) */
  onSuccess?: (result: R, input: T) => unknown
  /** to do whatever the outcome (e.g. forget the login after a logout) */
  onSettled?: () => unknown
  /** names the mutation, for `useMutationState` */
  mutationKey?: MutationKey
}

/**
 * `useChangeMutation(fn, { keys, done, errors, … })`; the older positional form
 * `useChangeMutation(fn, keys, done)` leaves failures to the page (`errors: 'caller'`).
 */
export function useChangeMutation<T = void, R = unknown>(
  fn: (input: T) => Promise<R>,
  options?: ChangeOptions<T, R>,
): UseMutationResult<R, Error, T>
export function useChangeMutation<T = void, R = unknown>(
  fn: (input: T) => Promise<R>,
  keys: readonly QueryKey[],
  done?: string,
): UseMutationResult<R, Error, T>
export function useChangeMutation<T, R>(
  fn: (input: T) => Promise<R>,
  keysOrOptions: readonly QueryKey[] | ChangeOptions<T, R> = {},
  done?: string,
): UseMutationResult<R, Error, T> {
  const options: ChangeOptions<T, R> = Array.isArray(keysOrOptions)
    ? { keys: keysOrOptions as readonly QueryKey[], done, errors: 'caller' }
    : (keysOrOptions as ChangeOptions<T, R>)
  const { keys = [], errors = 'global', onSuccess, onSettled, mutationKey } = options
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSuccess: async (result, input) => {
      await onSuccess?.(result, input)
      if (options.done) toast('success', options.done)
      const refetch = typeof keys === 'function' ? keys(result, input) : keys
      await Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error) => {
      if (errors === 'global') toastError(error)
    },
    onSettled: onSettled && (() => onSettled()),
  })
}
