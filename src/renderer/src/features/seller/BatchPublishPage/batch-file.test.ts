import { describe, expect, it } from 'vitest'
import { checkBatchFile } from './batch-file'

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
