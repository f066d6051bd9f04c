import { useQuery } from '@tanstack/react-query'
import type { DeliveryAccount } from '@shared/api/delivery'
import { transferConfigQuery } from '@renderer/api/game'

/** The masked values with the labels of the game's transfer config (the key when unknown). */
export function MaskedFields({ account }: { account: DeliveryAccount }) {
  const config = useQuery(transferConfigQuery(account.gameId))
  const labels = new Map((config.data?.fields ?? []).map((f) => [f.key, f.label]))
  return (
    <dl>
      {Object.entries(account.fields).map(([key, value]) => (
        <div key={key}>
          <dt>{labels.get(key) ?? key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
