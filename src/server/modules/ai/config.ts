/** AI drawing settings (README, Configuration; docs/ai-drawing.md): read from the environment by config.ts. */
import type { AiWorkerOptions } from './worker'
import type { AiProviderConfig } from './providers'

export type AiConfig = AiProviderConfig & AiWorkerOptions
