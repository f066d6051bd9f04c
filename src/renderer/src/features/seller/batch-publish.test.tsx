import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { BATCH } from '@shared/api/batch'
import { logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import { pickOption } from '@renderer/testing/pick-option'
import BatchPublishPage from './BatchPublishPage'

let server: FakeServer
beforeEach(() => {
  logIn()
  server = withGames(fakeServer())
})
afterEach(() => server.restore())

/** Chooses 王者荣耀 and 账号 (steps 1) and drops a file on the upload area (step 3). */
async function chooseAndUpload(file: File) {
  renderPage(<BatchPublishPage />, { url: '/seller/busPublish.html' })
  await pickOption('选择游戏', '王者荣耀')
  fireEvent.click(await screen.findByLabelText('账号'))
  await screen.findByText('点击或拖拽 CSV / XLSX 文件到这里')
  const input = document.querySelector('.batch-dragger input[type="file"]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [file] } })
}

const confirmButton = () =>
  waitFor(() => {
    const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
    if (!button) throw new Error('no confirmation')
    return button
  })

describe('/seller/busPublish.html', () => {
  it('previews every row with its outcome, sends the screenshot zip, and says the real outcome', async () => {
    server
      .on(BATCH.preview, {
        batchId: 'f'.repeat(32),
        gameId: 1,
        goodsType: 'ACCOUNT',
        totalRows: 3,
        validRows: 2,
        invalidRows: 1,
        onSaleRows: 1,
        unmatchedImages: ['cover.png（文件名不是行号）'],
        rows: [
          {
            rowNo: 1,
            ok: true,
            errors: [],
            title: '号一',
            price: 1000,
            outcome: 'ON_SALE',
            images: ['1-1.jpg', '1-2.jpg'],
          },
          { rowNo: 2, ok: false, errors: ['价格不能低于 ¥0.01', '请选择段位'], title: '号二', price: 0 },
          {
            rowNo: 3,
            ok: true,
            errors: [],
            title: '号三',
            price: 2000,
            outcome: 'OFF_SHELF',
            notes: ['发布后暂不上架：请上传至少 1 张截图后上架'],
          },
        ],
      })
      .on(BATCH.publish, {
        published: 2,
        goodsIds: [8, 9],
        held: 1,
        onSale: 1,
        rows: [
          { rowNo: 1, goodsId: 8, title: '号一', status: 'ON_SALE' },
          { rowNo: 3, goodsId: 9, title: '号三', status: 'OFF_SHELF', reason: '请上传至少 1 张截图后上架' },
        ],
      })
    await chooseAndUpload(new File(['标题,价格\n号一,10'], 'goods.csv', { type: 'text/csv' }))
    await waitFor(() => expect(server.callsTo(BATCH.preview)).toHaveLength(1))
    const form = server.callsTo(BATCH.preview)[0]!.config.data as FormData
    expect(form.get('gameId')).toBe('1')
    expect(form.get('goodsType')).toBe('ACCOUNT')
    expect(form.get('images')).toBeNull()
    expect((await screen.findAllByText('请选择段位')).length).toBeGreaterThan(0)
    // the zip of screenshots previews the sheet again, with it
    const zipInput = document.querySelector('.batch-shots__picker input[type="file"]') as HTMLInputElement
    fireEvent.change(zipInput, {
      target: { files: [new File(['PK'], 'shots.zip', { type: 'application/zip' })] },
    })
    await waitFor(() => expect(server.callsTo(BATCH.preview)).toHaveLength(2))
    expect((server.callsTo(BATCH.preview)[1]!.config.data as FormData).get('images')).toBeTruthy()
    expect(await screen.findByText('shots.zip')).toBeTruthy()
    // (each row twice: the table, and the cards a phone shows instead)
    const badRow = screen
      .getAllByText('号二')
      .map((el) => el.closest('tr'))
      .find(Boolean)
    expect(badRow?.className).toContain('batch-row--bad')
    expect(screen.getAllByText('发布后上架')).toHaveLength(2)
    expect(screen.getAllByText('截图 2 张')).toHaveLength(2)
    expect(screen.getAllByText('不发布')).toHaveLength(2)
    expect(screen.getAllByText(/发布后暂不上架：请上传至少 1 张截图后上架/)).toHaveLength(2)
    expect(screen.getByText('1 行发布后不会直接上架')).toBeTruthy()
    expect(screen.getByText('cover.png（文件名不是行号）')).toBeTruthy()
    fireEvent.click(screen.getByText(/发布有效行（2）/))
    fireEvent.click(await confirmButton())
    // never 已发布 2 件 when one of them is off the shelf
    expect(await screen.findByText('已创建 2 件商品：上架 1 件，暂未上架 1 件')).toBeTruthy()
    expect(screen.queryByText(/已发布 2 件/)).toBeNull()
    expect(server.callsTo(BATCH.publish)[0]!.body).toEqual({ batchId: 'f'.repeat(32) })
    expect(screen.getByText(/另有 1 行因错误未发布/)).toBeTruthy()
    expect(screen.getByText('暂未上架')).toBeTruthy()
    expect(screen.getByText('请上传至少 1 张截图后上架')).toBeTruthy()
  })

  it('refuses a file that is not CSV or XLSX', async () => {
    await chooseAndUpload(new File(['x'], 'goods.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('请上传 CSV 或 XLSX 文件（可先下载模板填写）')).toBeTruthy()
    expect(server.callsTo(BATCH.preview)).toHaveLength(0)
  })
})
