import { describe, expect, it } from 'vitest'
import { checkBatchFile, checkScreenshotZip } from './batch-file'

describe('the batch file picked', () => {
  it('is a CSV or XLSX file, not empty, at most 5 MB', () => {
    expect(checkBatchFile({ name: 'goods.csv', size: 10 })).toBe('')
    expect(checkBatchFile({ name: 'GOODS.XLSX', size: 5 * 1024 * 1024 })).toBe('')
    expect(checkBatchFile({ name: 'goods.pdf', size: 10 })).toBe(
      '请上传 CSV 或 XLSX 文件（可先下载模板填写）',
    )
    expect(checkBatchFile({ name: 'goods.csv', size: 0 })).toBe('文件是空的')
    expect(checkBatchFile({ name: 'goods.csv', size: 5 * 1024 * 1024 + 1 })).toBe('文件不能超过 5 MB')
  })
})

describe('the screenshot zip picked', () => {
  it('is a zip, not empty, at most 50 MB', () => {
    expect(checkScreenshotZip({ name: 'shots.ZIP', size: 10 })).toBe('')
    expect(checkScreenshotZip({ name: 'shots.rar', size: 10 })).toBe('截图请打包成 ZIP 压缩包上传')
    expect(checkScreenshotZip({ name: 'shots.zip', size: 0 })).toBe('压缩包是空的')
    expect(checkScreenshotZip({ name: 'shots.zip', size: 50 * 1024 * 1024 + 1 })).toBe(
      '截图压缩包不能超过 50 MB',
    )
  })
})
