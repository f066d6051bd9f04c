import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { IMAGE } from '@shared/api/image'
import { detail, IMAGE_C, logIn, withGames } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import CompleteInfoPage from './CompleteInfoPage'

// Form rules (price range, stock, screenshots, attribute values) are unit tests of publish-form.ts;
// these tests cover the page: what it loads, sends and shows.

let server: FakeServer
beforeEach(() => {
  logIn()
  server = withGames(fakeServer())
    .on(IMAGE.upload, IMAGE_C)
    .on(GOODS.publish, { goodsId: 77, status: 'ON_SALE' })
    .on(GOODS.mineDetail, detail(77, { isOwner: true }))
    .on(GOODS.update, { goodsId: 77, status: 'ON_SALE' })
})
afterEach(() => server.restore())

const renderForm = (search: string) =>
  renderPage(<CompleteInfoPage />, { url: `/seller/completeInfo.html${search}` })

/** Opens an antd Select by its label and picks an option. */
async function choose(label: string, option: string) {
  // a select waits for the field it depends on (the platform, the area)
  const select = await waitFor(() => {
    const input = screen.getByLabelText(label) as HTMLInputElement
    if (input.disabled) throw new Error(`${label} is disabled`)
    return input
  })
  fireEvent.mouseDown(select)
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

const png = () => new File([new Uint8Array(68)], 'shot.png', { type: 'image/png' })
const submit = (text: string) => fireEvent.click(screen.getByText(text, { selector: 'button span' }))

describe('/seller/completeInfo.html', () => {
  it('publishes a listing: exact fen, stock 1, attributes, place and uploaded screenshots', async () => {
    const page = renderForm('?gameId=1&goodsType=ACCOUNT')
    fireEvent.click(await screen.findByLabelText('iOS'))
    await choose('大区', '苹果QQ区')
    await choose('服务器', '1区 梦回长安')
    await choose('段位', '最强王者')
    fireEvent.change(screen.getByLabelText('英雄数量'), { target: { value: '120' } })
    fireEvent.change(screen.getByLabelText('商品标题'), {
      target: { value: '王者 全英雄 <script>x</script>' },
    })
    fireEvent.change(screen.getByLabelText('价格（元）'), { target: { value: '1,999.9' } })
    expect(await screen.findByText('买家看到的价格：¥1,999.90')).toBeTruthy()
    expect((screen.getByLabelText('库存') as HTMLInputElement).disabled).toBe(true)

    const input = document.querySelector('.shots input[type="file"]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [png()] } })
    await waitFor(() => expect(server.callsTo(IMAGE.upload)).toHaveLength(1))
    const upload = server.callsTo(IMAGE.upload)[0]!
    expect(upload.config.data).toBeInstanceOf(FormData)
    expect(upload.config.headers.Authorization).toBe('Bearer tk')
    expect(await screen.findByText('封面')).toBeTruthy()

    submit('发布商品')
    await waitFor(() => expect(server.callsTo(GOODS.publish)).toHaveLength(1))
    expect(server.callsTo(GOODS.publish)[0]!.body).toEqual({
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
    await waitFor(() => expect(page.location()).toBe('/seller/publishSuccessed.html?goodsId=77'))
  })

  it('warns while typing contact details (they send the listing to review)', async () => {
    renderForm('?gameId=1&goodsType=ACCOUNT')
    const title = await screen.findByLabelText('商品标题')
    fireEvent.change(title, { target: { value: '王者 全英雄' } })
    expect(screen.queryByText(/疑似含有站外联系方式/)).toBeNull()
    fireEvent.change(title, { target: { value: '王者 全英雄 ＱＱ１２３４５６７８' } })
    expect(await screen.findByText('标题（QQ号）疑似含有站外联系方式')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('商品描述'), { target: { value: '加v seller888' } })
    expect(await screen.findByText('标题（QQ号）、描述（联系方式）疑似含有站外联系方式')).toBeTruthy()
    // game areas and levels are not contact details
    fireEvent.change(title, { target: { value: '安卓QQ区 V10 100英雄' } })
    fireEvent.change(screen.getByLabelText('商品描述'), { target: { value: '微信区可换绑' } })
    await waitFor(() => expect(screen.queryByText(/疑似含有站外联系方式/)).toBeNull())
  })

  it("edit mode loads the listing, shows the server's refusal in the form, and saves with update", async () => {
    server.fail(GOODS.update, 400, '段位取值不正确')
    const page = renderForm('?goodsId=77')
    const title = await screen.findByLabelText('商品标题')
    expect(server.callsTo(GOODS.mineDetail)[0]!.params).toEqual({ goodsId: '77' })
    expect((title as HTMLInputElement).value).toBe('王者荣耀账号 77')
    expect((screen.getByLabelText('价格（元）') as HTMLInputElement).value).toBe('123.45')
    expect(document.querySelectorAll('.shot__img')).toHaveLength(2)

    submit('保存修改')
    const alert = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.publish-error[role="alert"]')
      if (!found) throw new Error('no alert')
      return found
    })
    expect(within(alert).getByText('段位取值不正确')).toBeTruthy()
    expect(page.location()).toBe('/seller/completeInfo.html?goodsId=77')

    server.on(GOODS.update, { goodsId: 77, status: 'ON_SALE' })
    submit('保存修改')
    await waitFor(() => expect(server.callsTo(GOODS.update)).toHaveLength(2))
    expect(server.callsTo(GOODS.update)[1]!.body).toMatchObject({
      goodsId: 77,
      price: 12_345,
      imageIds: ['a'.repeat(32), 'b'.repeat(32)],
    })
    await waitFor(() => expect(page.location()).toBe('/seller/publishSuccessed.html?goodsId=77&edited=1'))
  })

  it('asks to choose a game and type first without them', async () => {
    renderForm('')
    expect(await screen.findByText('请先选择游戏和商品类型')).toBeTruthy()
  })

  it('says so when the game does not offer the goods type', async () => {
    renderForm('?gameId=1&goodsType=ITEM')
    expect(await screen.findByText('王者荣耀不支持发布「道具」')).toBeTruthy()
  })
})
