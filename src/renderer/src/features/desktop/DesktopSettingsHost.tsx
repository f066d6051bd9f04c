/**
 * Opens the settings dialog when the desktop shell asks (app menu 设置…, tray 设置); keeps the tray's
 * seller counts current (workbench-counts.ts).
 */
import { useEffect, useState } from 'react'
import { platform } from '@renderer/platform'
import { DesktopSettingsDialog } from './DesktopSettingsDialog'
import { WorkbenchCountsReporter } from './workbench-counts'

export default function DesktopSettingsHost() {
  const api = platform.desktopSettings
  const [open, setOpen] = useState(false)
  useEffect(() => (api ? api.onOpen(() => setOpen(true)) : undefined), [api])
  if (!api) return null
  return (
    <>
      <DesktopSettingsDialog api={api} open={open} onClose={() => setOpen(false)} />
      <WorkbenchCountsReporter />
    </>
  )
}
