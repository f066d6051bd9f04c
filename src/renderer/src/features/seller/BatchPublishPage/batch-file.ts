/** What a batch file must be before it is sent (the server checks its content again). */
import { GOODS_LIMITS } from '@shared/api/goods'

/** '' when the picked file may be sent, else why not. */
export function checkBatchFile(file: { name: string; size: number }): string {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return '请上传 CSV 或 XLSX 文件（可先下载模板填写）'
  if (file.size === 0) return '文件是空的'
  if (file.size > GOODS_LIMITS.batchMaxBytes)
    return `文件不能超过 ${GOODS_LIMITS.batchMaxBytes / 1024 / 1024} MB`
  return ''
}

/** '' when the picked screenshot zip may be sent, else why not. */
export function checkScreenshotZip(file: { name: string; size: number }): string {
  if (!/\.zip$/i.test(file.name)) return '截图请打包成 ZIP 压缩包上传'
  if (file.size === 0) return '压缩包是空的'
  if (file.size > GOODS_LIMITS.batchZipMaxBytes)
    return `截图压缩包不能超过 ${GOODS_LIMITS.batchZipMaxBytes / 1024 / 1024} MB`
  return ''
}
