export const root: string
export function staleBuilds(): string[]
