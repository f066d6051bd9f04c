/** AI drawing settings from the environment (README, Configuration; docs/ai-drawing.md). */
import type { AiWorkerOptions } from './worker'
import type { AiProviderConfig } from './providers'

export type AiConfig = AiProviderConfig & AiWorkerOptions

function int(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be an integer ≥ ${min}, got "${value}"`)
  return n
}

/**
 * AI_PROVIDER: sandbox | openai | sdwebui | off — default sandbox on demo installs (SEED_DEMO), off
 * otherwise (production sets a real provider or leaves the section closed).
 */
export function loadAiConfig(env: NodeJS.ProcessEnv, seedDemo: boolean): AiConfig {
  return {
    provider: env.AI_PROVIDER?.trim().toLowerCase() || (seedDemo ? 'sandbox' : 'off'),
    baseUrl: env.AI_BASE_URL?.trim() || undefined,
    apiKey: env.AI_API_KEY?.trim() || undefined,
    model: env.AI_MODEL?.trim() || undefined,
    sandboxLatencyMs: int('AI_SANDBOX_LATENCY_MS', env.AI_SANDBOX_LATENCY_MS, 1500, 0),
    concurrency: int('AI_CONCURRENCY', env.AI_CONCURRENCY, 2, 1),
    jobTimeoutMs: int('AI_JOB_TIMEOUT_MS', env.AI_JOB_TIMEOUT_MS, 120_000, 1000),
    maxAttempts: int('AI_MAX_ATTEMPTS', env.AI_MAX_ATTEMPTS, 3, 1),
    retryBaseMs: int('AI_RETRY_BASE_MS', env.AI_RETRY_BASE_MS, 2000, 0),
  }
}
