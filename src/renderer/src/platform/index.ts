import impl from '@platform-impl'
import type { Platform } from './platform'

export type { Platform } from './platform'
/** The shell this renderer was built for (web.ts or desktop.ts, chosen by the build's alias). */
export const platform: Platform = impl
