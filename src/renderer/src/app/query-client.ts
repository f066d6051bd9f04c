/**
 * The one QueryClient of the app (and a fresh one per test): server data lives here, not in stores
 * (docs/architecture.md, "Server data in the renderer"). Errors are already shown by the request
 * layer (api/http.ts maps codes to toasts and redirects), so a failed query is not retried —
 * a retry would only repeat the toast.
 */
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        // lists and details stay fresh for a short while: moving between pages does not refetch
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}
