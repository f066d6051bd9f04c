/**
 * 字典管理 and 参数设置 pages: a built-in entry offers no delete and its value is locked in the form;
 * an edit reloads the app's cached dictionaries; a parameter is checked by its rule before it is sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { CONFIG_STAFF, DICT_STAFF, CONFIG_SPECS, type StaffDictEntry } from '@shared/api/system'
import { ORDER_STAFF, type StaffOrder } from '@shared/api/trade'
import { GAME } from '@shared/api/game'
import { SYSTEM } from '@shared/api/system'
import { ALL_PERMISSION } from '@shared/constants'
import { useSessionStore } from '@renderer/stores/session'
import { fakeServer, type FakeServer } from '@renderer/testing/fake-server'
import { renderPage } from '@renderer/testing/render-page'
import ConfigManagePage from './ConfigManage'
import OrderManagePage from './OrderManage'
import DictManagePage from './DictManage'

// antd tables and drawers render slowly in jsdom on a shared machine
vi.setConfig({ testTimeout: 60_000 })

let server: FakeServer
const entry = (over: Partial<StaffDictEntry>): StaffDictEntry => ({
  dictCode: 1,
  dictType: 'platform',
  dictLabel: '电脑端',
  dictValue: 'PC',
  dictSort: 1,
  listClass: '',
  isDefault: 'Y',
  status: '0',
  builtin: true,
  ...over,
})

beforeEach(() => {
  useSessionStore.setState({ permissions: [ALL_PERMISSION], roles: ['admin'] })
  server = fakeServer()
    .on(SYSTEM.dict, [])
    .on(DICT_STAFF.types, [{ dictType: 'platform', dictName: '客户端平台', entries: 2, enabled: 2 }])
    .on(DICT_STAFF.entries, [
      entry({}),
      entry({ dictCode: 2, dictValue: 'HarmonyOS', dictLabel: '鸿蒙', builtin: false, isDefault: 'N' }),
    ])
    .on(DICT_STAFF.edit, ({ body }) => entry({ dictLabel: body.dictLabel }))
    .on(CONFIG_STAFF.list, [
      {
        configId: 1,
        configKey: 'goods.push.dailyQuota',
        configName: '商品推送-每位卖家每日次数',
        configValue: '5',
        spec: CONFIG_SPECS['goods.push.dailyQuota']!,
      },
    ])
    .on(CONFIG_STAFF.edit, ({ body }) => ({
      configId: 1,
      configKey: body.configKey,
      configName: '',
      configValue: body.configValue,
      spec: null,
    }))
})
afterEach(() => {
  server.restore()
  useSessionStore.getState().clear()
})

describe('字典管理', () => {
  it('locks a built-in entry’s value, offers delete only for staff entries, and reloads dictionaries', async () => {
    renderPage(<DictManagePage />, { url: '/console/system/dict' })
    const builtinRow = (await screen.findByText('PC')).closest('tr')!
    const customRow = screen.getByText('HarmonyOS').closest('tr')!
    expect(within(builtinRow).queryByText('删除')).toBeNull()
    expect(within(customRow).getByText('删除')).toBeTruthy()

    fireEvent.click(within(builtinRow).getByText('修改'))
    expect(((await screen.findByLabelText('字典键值')) as HTMLInputElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('字典标签'), { target: { value: '电脑' } })
    const dictCallsBefore = server.callsTo(DICT_STAFF.types).length
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(server.callsTo(DICT_STAFF.edit)).toHaveLength(1))
    // a built-in entry's value is never sent
    expect(server.callsTo(DICT_STAFF.edit)[0]!.body).toEqual({
      dictCode: 1,
      dictLabel: '电脑',
      listClass: '',
      dictSort: 1,
      status: '0',
    })
    await waitFor(() => expect(server.callsTo(DICT_STAFF.types).length).toBeGreaterThan(dictCallsBefore))
  })
})

describe('参数设置', () => {
  it('checks a value by the parameter’s rule before sending it', async () => {
    renderPage(<ConfigManagePage />, { url: '/console/system/config' })
    fireEvent.click(await screen.findByText('修改'))
    const input = await screen.findByLabelText('参数值')
    fireEvent.change(input, { target: { value: '500' } })
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    expect(await screen.findByText('「商品推送每日次数」必须在 0 到 100 之间')).toBeTruthy()
    expect(server.callsTo(CONFIG_STAFF.edit)).toHaveLength(0)
    fireEvent.change(input, { target: { value: '8' } })
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }))
    await waitFor(() => expect(server.callsTo(CONFIG_STAFF.edit)).toHaveLength(1))
    expect(server.callsTo(CONFIG_STAFF.edit)[0]!.body).toEqual({
      configKey: 'goods.push.dailyQuota',
      configValue: '8',
    })
  })
})

const order: StaffOrder = {
  orderNo: 'T2026000001',
  title: '王者荣耀 V10 账号',
  gameId: 1,
  gameName: '王者荣耀',
  goodsType: 'ACCOUNT',
  amount: 30_000,
  status: 'SETTLED',
  buyerId: 11,
  buyerName: 'buyer1',
  sellerId: 12,
  sellerName: 'seller1',
  createdAt: 1_760_000_000_000,
  paidAt: 1_760_000_060_000,
  notes: 0,
}

describe('订单管理', () => {
  it('searches, opens the read-only drawer with the delivery masked, and adds a note', async () => {
    server
      .on(GAME.list, [])
      .on(ORDER_STAFF.list, { rows: [order], total: 1 })
      .on(ORDER_STAFF.detail, {
        ...order,
        goodsId: 5,
        unitPrice: 30_000,
        quantity: 1,
        escrowAmount: 0,
        protectionDays: 7,
        disputeReason: null,
        timeline: [{ at: order.createdAt, kind: 'STATE', title: '买家下单', detail: '1 件' }],
        ledger: [],
        delivery: {
          autoDelivered: false,
          corrections: 0,
          deliveredAt: order.paidAt,
          fields: [{ label: '游戏账号', value: '******' }],
          views: 1,
        },
        dispute: null,
        noteList: [],
      })
      .on(ORDER_STAFF.addNote, ({ body }) => ({
        noteId: 1,
        staffId: 1,
        staffName: 'admin',
        content: body.content,
        createdAt: order.createdAt,
      }))
    renderPage(<OrderManagePage />, { url: '/console/trade/order' })
    fireEvent.change(await screen.findByLabelText('买家'), { target: { value: ' buyer1 ' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() =>
      expect(server.callsTo(ORDER_STAFF.list).at(-1)!.query).toMatchObject({ buyer: 'buyer1' }),
    )
    fireEvent.click(await screen.findByText('详情'))
    expect(await screen.findByText('买家下单')).toBeTruthy()
    expect(screen.getByText('游戏账号')).toBeTruthy()
    expect(screen.getByText('******')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('备注内容'), { target: { value: '已联系买家' } })
    fireEvent.click(screen.getByRole('button', { name: /添加备注/ }))
    await waitFor(() =>
      expect(server.callsTo(ORDER_STAFF.addNote)[0]?.body).toEqual({
        orderNo: order.orderNo,
        content: '已联系买家',
      }),
    )
  })
})
