import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { GOODS } from '@shared/api/goods'
import { detail, logIn } from '@renderer/testing/catalogue-fixtures'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import PublishSuccessPage from './PublishSuccessPage'

let server: FakeServer
beforeEach(() => logIn())
afterEach(() => server.restore())

const renderResult = (search: string) =>
  renderPage(<PublishSuccessPage />, { url: `/seller/publishSuccessed.html${search}` })

describe('/seller/publishSuccessed.html', () => {
  it('shows the listing on sale with where to go next', async () => {
    server = fakeServer().on(GOODS.mineDetail, detail(77, { isOwner: true }))
    renderResult('?goodsId=77')
    expect(await screen.findByText('发布成功', { selector: '.ant-result-title' })).toBeTruthy()
    expect(screen.getByText('商品已上架，买家现在就能在商品列表中找到它。')).toBeTruthy()
    expect(screen.getByText('查看商品', { selector: 'button span' }).closest('a')?.getAttribute('href')).toBe(
      '/detail/77.html',
    )
  })

  it("says not found for a listing that is not the caller's (the server answers 403)", async () => {
    server = fakeServer().fail(GOODS.mineDetail, 403, '当前操作没有权限')
    renderResult('?goodsId=88')
    expect(await screen.findByText('没有找到这件商品')).toBeTruthy()
    expect(screen.queryByText('发布成功')).toBeNull()
    expect(screen.queryByText('查看商品')).toBeNull()
    expect(server.callsTo(GOODS.mineDetail)).toHaveLength(1)
  })

  it('says not found for an unknown listing or no id', async () => {
    server = fakeServer().fail(GOODS.mineDetail, 404, '商品不存在')
    renderResult('?goodsId=99')
    expect(await screen.findByText('没有找到这件商品')).toBeTruthy()
    expect(screen.queryByText('发布成功')).toBeNull()
  })

  it('shows why a listing is held for review', async () => {
    const remark = '疑似含有站外联系方式：标题（QQ号），需人工审核'
    server = fakeServer().on(
      GOODS.mineDetail,
      detail(77, { isOwner: true, status: 'AUDITING', auditRemark: remark }),
    )
    renderResult('?goodsId=77')
    expect(await screen.findByText(remark)).toBeTruthy()
    expect(screen.getByText('发布成功', { selector: '.ant-result-title' })).toBeTruthy()
    expect(screen.getByText('商品正在审核，审核通过后会自动上架并出现在商品列表中。')).toBeTruthy()
  })
})
