/**
 * The one shape of a change (docs/architecture.md, "Server data in the renderer"): a mutation that,
 * once it succeeded, says so (`done`, when the page does not say it itself) and refetches the
 * queries under `keys` — every api module's changes are built from it.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { toast } from '@renderer/utils/toast'

export function useChangeMutation<T, R>(
  fn: (input: T) => Promise<R>,
  keys: readonly QueryKey[],
  done?: string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      if (done) toast('success', done)
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
  })
}
