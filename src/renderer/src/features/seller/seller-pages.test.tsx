import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS_PATHS } from '@shared/api/goods'
import { fakeApi, ok, type FakeApi } from '@renderer/testing/fake-api'
import { renderApp } from '@renderer/testing/render-app'
import { baseRoutes, brief, detail, logIn } from '@renderer/testing/catalogue-fixtures'
import { resetCatalogueCache } from '@renderer/features/goods/catalogue-cache'

let api: FakeApi
let publishAnswer: unknown

const IMAGE = {
  imageId: 'c'.repeat(32),
  url: '/api/goods/image/file/c.jpg',
  thumbUrl: '/api/goods/image/file/c_t.jpg',
  width: 800,
  height: 600,
}

function install(extra: Record<string, unknown> = {}) {
  api?.restore()
  api = fakeApi({
    ...baseRoutes(),
    [GOODS_PATHS.uploadImage]: ok(IMAGE),
    [GOODS_PATHS.publish]: () => publishAnswer,
    [GOODS_PATHS.myGoods]: {
      code: 200,
      msg: '',
      rows: [brief(1), brief(2, { status: 'OFF_SHELF', auditRemark: '审核未通过：截图含联系方式' })],
      total: 2,
    },
    '/goods/seller/detail/77': ok(detail(77, { isOwner: true })),
    [GOODS_PATHS.offShelf]: { code: 403, msg: '只能操作自己发布的商品' },
    [GOODS_PATHS.onShelf]: ok({ status: 'AUDITING' }),
    [GOODS_PATHS.updatePrice]: ok(),
    ...extra,
  })
}

beforeEach(() => {
  resetCatalogueCache()
  publishAnswer = ok({ goodsId: 77, status: 'ON_SALE' })
  install()
  logIn()
})
afterEach(() => api.restore())

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }))
  const item = await waitFor(() => {
    // the newest dropdown is the last one in the document
    const found = [...document.querySelectorAll('.ant-select-item-option')]
      .filter((el) => el.textContent === option)
      .at(-1)
    if (!found) throw new Error(`no option ${option}`)
    return found
  })
  fireEvent.click(item)
}

/** The OK button of the open Popconfirm. */
function confirmButton(): Promise<HTMLElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-primary')
    if (!button) throw new Error('no confirmation')
    return button
  })
}

function png(name = 'shot.png', size = 68): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' })
}

async function fillAccountForm() {
  await screen.findByRole('radio', { name: 'iOS' })
  fireEvent.click(screen.getByRole('radio', { name: 'iOS' }))
  await choose('大区', '苹果QQ区')
  await choose('服务器', '1区 梦回长安')
  await choose('段位', '最强王者')
  fireEvent.change(screen.getByRole('spinbutton', { name: '英雄数量' }), { target: { value: '120' } })
  fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), {
    target: { value: '王者 全英雄 <script>x</script>' },
  })
  fireEvent.change(screen.getByRole('textbox', { name: '价格（元）' }), { target: { value: '1,999.9' } })
}

describe('/seller/completeInfo.html', { timeout: 45_000 }, () => {
  it('publishes a listing: exact fen, stock 1, attributes, place and uploaded screenshots', async () => {
    const app = renderApp('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
    await fillAccountForm()
    expect(await screen.findByText('买家看到的价格：¥1,999.90')).toBeTruthy()
    expect((screen.getByRole('spinbutton', { name: '库存' }) as HTMLInputElement).disabled).toBe(true)

    const input = document.querySelector('.shots input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [png()] } })
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.uploadImage)).toHaveLength(1))
    const upload = api.callsTo(GOODS_PATHS.uploadImage)[0]!
    expect(upload.data).toBeInstanceOf(FormData)
    expect(upload.headers.Authorization).toBe('Bearer tk')
    expect(await screen.findByText('封面')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: '发布商品' }))
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.publish)).toHaveLength(1))
    expect(JSON.parse(api.callsTo(GOODS_PATHS.publish)[0]!.data as string)).toEqual({
      gameId: 1,
      goodsType: 'ACCOUNT',
      platform: 'iOS',
      areaId: 10,
      serverId: 11,
      title: '王者 全英雄 <script>x</script>',
      description: '',
      price: 199_990,
      stock: 1,
      attributes: { 段位: '最强王者', 英雄数量: 120 },
      imageIds: ['c'.repeat(32)],
    })
    await waitFor(() => expect(app.location()).toBe('/seller/publishSuccessed.html?goodsId=77'))
    expect(await screen.findByText('发布成功', { selector: '.ant-result-title' })).toBeTruthy()
    expect(screen.getByText('商品已上架，买家现在就能在商品列表中找到它。')).toBeTruthy()
  })

  it('an account needs a screenshot; a picked text file is refused before upload', async () => {
    renderApp('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
    await fillAccountForm()
    const input = document.querySelector('.shots input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } })
    expect(await screen.findByText('“notes.txt”不是 JPG、PNG 或 WebP 图片')).toBeTruthy()
    expect(api.callsTo(GOODS_PATHS.uploadImage)).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: '发布商品' }))
    expect(await screen.findByText('请至少上传 1 张账号截图')).toBeTruthy()
    expect(api.callsTo(GOODS_PATHS.publish)).toHaveLength(0)
  })

  it('warns while typing contact details (they send the listing to review)', async () => {
    renderApp('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
    await fillAccountForm()
    expect(screen.queryByText(/疑似含有站外联系方式/)).toBeNull()
    fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), {
      target: { value: '王者 全英雄 ＱＱ１２３４５６７８' },
    })
    expect(await screen.findByText('标题（QQ号）疑似含有站外联系方式')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: '商品描述' }), {
      target: { value: '加v seller888' },
    })
    expect(await screen.findByText('标题（QQ号）、描述（联系方式）疑似含有站外联系方式')).toBeTruthy()
    // game areas and levels are not contact details
    fireEvent.change(screen.getByRole('textbox', { name: '商品标题' }), {
      target: { value: '安卓QQ区 V10 100英雄' },
    })
    fireEvent.change(screen.getByRole('textbox', { name: '商品描述' }), { target: { value: '微信区可换绑' } })
    await waitFor(() => expect(screen.queryByText(/疑似含有站外联系方式/)).toBeNull())
  })

  it('refuses a price out of range in the form', async () => {
    renderApp('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
    await fillAccountForm()
    fireEvent.change(screen.getByRole('textbox', { name: '价格（元）' }), { target: { value: '100000000' } })
    fireEvent.click(screen.getByRole('button', { name: '发布商品' }))
    expect(await screen.findByText('价格不能高于 99,999,999.99 元')).toBeTruthy()
  })

  it("shows the server's refusal in the form", async () => {
    publishAnswer = { code: 400, msg: '段位取值不正确' }
    const app = renderApp('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
    await fillAccountForm()
    fireEvent.change(document.querySelector('.shots input[type="file"]') as HTMLInputElement, {
      target: { files: [png()] },
    })
    await screen.findByText('封面')
    fireEvent.click(screen.getByRole('button', { name: '发布商品' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('段位取值不正确')).toBeTruthy()
    expect(app.location()).toBe('/seller/completeInfo.html?gameId=1&goodsType=ACCOUNT')
  })

  it('edit mode loads the listing and saves with update', async () => {
    install({ [GOODS_PATHS.update]: ok() })
    const app = renderApp('/seller/completeInfo.html?goodsId=77')
    const title = await screen.findByRole('textbox', { name: '商品标题' })
    expect((title as HTMLInputElement).value).toBe('王者荣耀账号 77')
    expect((screen.getByRole('textbox', { name: '价格（元）' }) as HTMLInputElement).value).toBe('123.45')
    expect(document.querySelectorAll('.shot__img')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }))
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.update)).toHaveLength(1))
    const body = JSON.parse(api.callsTo(GOODS_PATHS.update)[0]!.data as string)
    expect(body).toMatchObject({ goodsId: 77, price: 12_345, imageIds: ['a'.repeat(32), 'b'.repeat(32)] })
    await waitFor(() => expect(app.location()).toBe('/seller/publishSuccessed.html?goodsId=77&edited=1'))
  })
})

describe('/seller/publishSuccessed.html', { timeout: 45_000 }, () => {
  it("says not found for a listing that is not the caller's (the server answers 403)", async () => {
    install({ '/goods/seller/detail/88': { code: 403, msg: '当前操作没有权限' } })
    renderApp('/seller/publishSuccessed.html?goodsId=88')
    expect(await screen.findByText('没有找到这件商品')).toBeTruthy()
    expect(screen.queryByText('发布成功')).toBeNull()
    expect(screen.queryByRole('link', { name: /查看商品/ })).toBeNull()
    expect(api.callsTo('/goods/seller/detail/88')).toHaveLength(1)
  })

  it('says not found for an unknown listing or no id', async () => {
    renderApp('/seller/publishSuccessed.html?goodsId=99')
    expect(await screen.findByText('没有找到这件商品')).toBeTruthy()
    expect(screen.queryByText('发布成功')).toBeNull()
  })

  it('shows why a listing is held for review', async () => {
    const remark = '疑似含有站外联系方式：标题（QQ号），需人工审核'
    install({
      '/goods/seller/detail/77': ok(detail(77, { isOwner: true, status: 'AUDITING', auditRemark: remark })),
    })
    renderApp('/seller/publishSuccessed.html?goodsId=77')
    expect(await screen.findByText(remark)).toBeTruthy()
    expect(screen.getByText('发布成功', { selector: '.ant-result-title' })).toBeTruthy()
    expect(screen.getByText('商品正在审核，审核通过后会自动上架并出现在商品列表中。')).toBeTruthy()
  })
})

describe('/seller/sellGoods.html', { timeout: 45_000 }, () => {
  it('lists by state and shows a refusal with the server message', async () => {
    renderApp('/seller/sellGoods.html?status=ON_SALE')
    expect(await screen.findByText('王者荣耀账号 1')).toBeTruthy()
    expect(api.callsTo(GOODS_PATHS.myGoods)[0]!.params).toEqual({
      status: 'ON_SALE',
      pageNum: 1,
      pageSize: 20,
    })
    // the server's reason as it is (no second 未通过 prefix)
    expect(screen.getByText('审核未通过：截图含联系方式')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /^下\s*架$/ }))
    fireEvent.click(await confirmButton())
    expect(await screen.findByText('只能操作自己发布的商品')).toBeTruthy()
  })

  it('puts a listing on the shelf (says when it waits for approval) and edits the price in 元', async () => {
    renderApp('/seller/sellGoods.html')
    await screen.findByText('王者荣耀账号 2')
    fireEvent.click(screen.getByRole('button', { name: /^上\s*架$/ }))
    expect(await screen.findByText('已提交审核，通过后自动上架')).toBeTruthy()
    expect(JSON.parse(api.callsTo(GOODS_PATHS.onShelf)[0]!.data as string)).toEqual({ goodsId: 2 })

    fireEvent.click(screen.getAllByRole('button', { name: /^改\s*价$/ })[0]!)
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByRole('textbox', { name: '新价格（元）' }), {
      target: { value: '88.8' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.updatePrice)).toHaveLength(1))
    expect(JSON.parse(api.callsTo(GOODS_PATHS.updatePrice)[0]!.data as string)).toEqual({
      goodsId: 1,
      price: 8880,
    })
  })
})

describe('/seller/busPublish.html', { timeout: 45_000 }, () => {
  it('previews every row with the reasons of the bad ones and publishes the valid rows', async () => {
    install({
      [GOODS_PATHS.batchPreview]: ok({
        batchId: 'f'.repeat(32),
        gameId: 1,
        goodsType: 'ACCOUNT',
        totalRows: 3,
        validRows: 2,
        invalidRows: 1,
        rows: [
          { rowNo: 1, ok: true, errors: [], title: '号一', price: 1000 },
          { rowNo: 2, ok: false, errors: ['价格不能低于 0.01 元', '请选择段位'], title: '号二', price: 0 },
          {
            rowNo: 3,
            ok: true,
            errors: [],
            title: '号三',
            price: 2000,
            notes: ['发布后暂不上架：请上传至少 1 张截图后上架'],
          },
        ],
      }),
      [GOODS_PATHS.batchPublish]: ok({ published: 2, goodsIds: [8, 9], held: 2 }),
    })
    renderApp('/seller/busPublish.html')
    await choose('选择游戏', '王者荣耀')
    fireEvent.click(await screen.findByRole('radio', { name: '账号' }))
    const input = document.querySelector('.batch-dragger input[type="file"]') as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [new File(['标题,价格\n号一,10'], 'goods.csv', { type: 'text/csv' })] },
    })
    await waitFor(() => expect(api.callsTo(GOODS_PATHS.batchPreview)).toHaveLength(1))
    const form = api.callsTo(GOODS_PATHS.batchPreview)[0]!.data as FormData
    expect(form.get('gameId')).toBe('1')
    expect(form.get('goodsType')).toBe('ACCOUNT')
    expect(await screen.findByText('请选择段位')).toBeTruthy()
    expect(screen.getByText('号二').closest('tr')?.className).toContain('batch-row--bad')
    expect(screen.getAllByText('可以发布')).toHaveLength(2)
    expect(screen.getByText(/发布后暂不上架：请上传至少 1 张截图后上架/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /发布有效行（2）/ }))
    fireEvent.click(await confirmButton())
    expect(await screen.findByText('已发布 2 件商品')).toBeTruthy()
    expect(JSON.parse(api.callsTo(GOODS_PATHS.batchPublish)[0]!.data as string)).toEqual({
      batchId: 'f'.repeat(32),
    })
    expect(screen.getByText(/有 1 行因错误被跳过/)).toBeTruthy()
    expect(screen.getByText(/其中 2 件暂未上架/)).toBeTruthy()
  })

  it('refuses a file that is not CSV or XLSX', async () => {
    renderApp('/seller/busPublish.html')
    await choose('选择游戏', '王者荣耀')
    fireEvent.click(await screen.findByRole('radio', { name: '账号' }))
    const input = document.querySelector('.batch-dragger input[type="file"]') as HTMLInputElement
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'goods.pdf', { type: 'application/pdf' })] },
    })
    expect(await screen.findByText('请上传 CSV 或 XLSX 文件（可先下载模板填写）')).toBeTruthy()
    expect(api.callsTo(GOODS_PATHS.batchPreview)).toHaveLength(0)
  })
})
