/**
 * 导出站内信: the server writes the user's in-site messages into a CSV (an export of its own), and
 * the file is downloaded with a single-use ticket — in the browser as a normal download, on the
 * desktop through the download manager (download folder, progress, "show in folder").
 */
import { useState } from 'react'
import { Button } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { exportWebMessages } from '@renderer/api/message'
import { download } from '@renderer/api/system'
import { platform } from '@renderer/platform'
import { toast } from '@renderer/utils/toast'

export function ExportMessagesButton() {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const { fileName, rows } = await exportWebMessages()
      await download(fileName)
      toast(
        'success',
        platform.kind === 'desktop' ? `已导出 ${rows} 条站内信，正在下载` : `已导出 ${rows} 条站内信`,
      )
    } catch {
      // the request layer showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      导出站内信
    </Button>
  )
}

export default ExportMessagesButton
