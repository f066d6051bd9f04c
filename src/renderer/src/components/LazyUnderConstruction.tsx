/** UnderConstruction as a chunk of its own (antd Result is no part of the first load of any page). */
import { lazy, Suspense } from 'react'
import { PageLoading } from './PageLoading'

const UnderConstruction = lazy(() => import('./UnderConstruction'))

export function LazyUnderConstruction({ title }: { title: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <UnderConstruction title={title} />
    </Suspense>
  )
}
