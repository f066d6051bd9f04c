/**
 * The seller's counts for the desktop tray menu (docs/desktop.md): while logged in on the desktop,
 * the workbench summary (asked every 30 s) is reported to the shell; logged out, null.
 */
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { WorkbenchSummary } from '@shared/api/seller-tools'
import type { WorkbenchCounts } from '@shared/workbench'
import { workbenchQuery } from '@renderer/api/seller-tools'
import { platform } from '@renderer/platform'
import { useSessionStore } from '@renderer/stores/session'

export const countsOf = (s: WorkbenchSummary): WorkbenchCounts => ({
  toDeliver: s.toDeliver,
  pendingBids: s.pendingBids,
  unreadMessages: s.unreadMessages,
  unreadChats: s.unreadChats,
})

/** Reports the counts to the shell whenever they change (nothing on the web). */
export function useReportWorkbenchCounts(summary: WorkbenchSummary | undefined) {
  const key = summary ? JSON.stringify(countsOf(summary)) : null
  useEffect(() => {
    if (summary) platform.workbench?.setCounts(countsOf(summary))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the counts, not the object, matter
  }, [key])
}

/** Mounted once in the desktop shell (DesktopSettingsHost): keeps the tray's counts current. */
export function WorkbenchCountsReporter() {
  const token = useSessionStore((s) => s.token)
  const summary = useQuery({ ...workbenchQuery(), enabled: Boolean(token) && platform.workbench !== null })
  useReportWorkbenchCounts(token ? summary.data : undefined)
  useEffect(() => {
    if (!token) platform.workbench?.setCounts(null)
  }, [token])
  return null
}
