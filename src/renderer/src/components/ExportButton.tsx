/**
 * 导出: the server writes a CSV for the caller (an export of its own: in-site messages, sold orders,
 * the ledger), and the file is downloaded with a single-use ticket — in the browser as a normal
 * download, on the desktop through the download manager (download folder, progress, "show in folder").
 */
import { Button } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import type { ExportResult } from '@shared/api/common'
import { useExportDownload } from '@renderer/api/common'
import { platform } from '@renderer/platform'
import { toast } from '@renderer/utils/toast'

export interface ExportButtonProps {
  label: string
  /** what the rows are, for the result message: 条站内信, 笔订单, 条明细 */
  unit: string
  /** the domain's export call (a failure was shown by the request layer) */
  run: () => Promise<ExportResult>
}

export function ExportButton({ label, unit, run }: ExportButtonProps) {
  const exporting = useExportDownload(run)
  const start = () =>
    exporting.mutate(undefined, {
      onSuccess: ({ rows }) =>
        toast(
          'success',
          platform.kind === 'desktop' ? `已导出 ${rows} ${unit}，正在下载` : `已导出 ${rows} ${unit}`,
        ),
    })
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={exporting.isPending} onClick={start}>
      {label}
    </Button>
  )
}
