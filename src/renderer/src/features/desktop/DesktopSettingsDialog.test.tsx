import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import type { DesktopSettings } from '@shared/desktop'
import type { DesktopSettingsApi } from '@renderer/platform/platform'
import { DesktopSettingsDialog, ipcErrorMessage } from './DesktopSettingsDialog'

const SETTINGS: DesktopSettings = {
  apiOrigin: 'http://localhost:8080',
  apiOriginFromEnvironment: false,
  notifications: {
    message: true,
    order: true,
    paid: true,
    delivered: true,
    bid: false,
    warrant: true,
    chat: true,
    ai: true,
    'saved-search': true,
    cs: true,
  },
  downloadDir: '/home/u/Downloads',
  askWhereToSave: false,
  startMinimized: false,
}

function fakeApi(overrides: Partial<DesktopSettingsApi> = {}): DesktopSettingsApi {
  return {
    get: vi.fn(async () => SETTINGS),
    save: vi.fn(async () => ({ settings: SETTINGS, restartRequired: false })),
    chooseDownloadDir: vi.fn(async () => '/data/导出'),
    relaunch: vi.fn(async () => {}),
    version: vi.fn(async () => '0.1.0'),
    onOpen: vi.fn(() => () => undefined),
    ...overrides,
  }
}

// label and text queries: role queries walk the whole accessibility tree of antd's modal (~1 s each)
const checkbox = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement
const button = (text: RegExp) => screen.getByText(text).closest('button') as HTMLButtonElement

function renderDialog(api: DesktopSettingsApi, onClose = vi.fn()) {
  render(
    <TestProviders>
      <DesktopSettingsDialog api={api} open onClose={onClose} />
    </TestProviders>,
  )
  return onClose
}

describe('desktop settings dialog', () => {
  it('shows the settings, lets the folder be chosen and saves every field', async () => {
    const api = fakeApi()
    const onClose = renderDialog(api)
    const origin = (await screen.findByDisplayValue('http://localhost:8080')) as HTMLInputElement
    expect(screen.getByText('客户端版本 0.1.0')).toBeTruthy()
    expect(checkbox(/新出价或还价/).checked).toBe(false)
    fireEvent.change(origin, { target: { value: 'https://market.example.com' } })
    fireEvent.click(checkbox(/新出价或还价/))
    fireEvent.click(checkbox(/担保订单新消息/))
    fireEvent.click(button(/选择/))
    await screen.findByDisplayValue('/data/导出')
    const startMinimized = screen.getByLabelText(/启动时最小化到系统托盘/)
    expect(startMinimized.getAttribute('role')).toBe('switch')
    fireEvent.click(startMinimized)
    fireEvent.click(button(/^保\s*存$/))
    await waitFor(() => expect(api.save).toHaveBeenCalled())
    expect(api.save).toHaveBeenCalledWith({
      apiOrigin: 'https://market.example.com',
      notifications: {
        message: true,
        order: true,
        paid: true,
        delivered: true,
        bid: true,
        warrant: false,
        chat: true,
        ai: true,
        'saved-search': true,
        cs: true,
      },
      downloadDir: '/data/导出',
      askWhereToSave: false,
      startMinimized: true,
    })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('refuses a server address with a path and saves nothing', async () => {
    const api = fakeApi()
    renderDialog(api)
    const origin = await screen.findByDisplayValue('http://localhost:8080')
    fireEvent.change(origin, { target: { value: 'http://x.example.com/api' } })
    fireEvent.click(button(/^保\s*存$/))
    expect(await screen.findByText(/只含主机和端口/)).toBeTruthy()
    expect(api.save).not.toHaveBeenCalled()
  })

  it('offers a restart when the address changed', async () => {
    const api = fakeApi({ save: vi.fn(async () => ({ settings: SETTINGS, restartRequired: true })) })
    renderDialog(api)
    await screen.findByDisplayValue('http://localhost:8080')
    fireEvent.click(button(/^保\s*存$/))
    fireEvent.click((await screen.findByText('立即重启')).closest('button')!)
    await waitFor(() => expect(api.relaunch).toHaveBeenCalled())
  })

  it('keeps an address from the environment read-only and does not send it', async () => {
    const api = fakeApi({ get: vi.fn(async () => ({ ...SETTINGS, apiOriginFromEnvironment: true })) })
    renderDialog(api)
    const origin = (await screen.findByDisplayValue('http://localhost:8080')) as HTMLInputElement
    expect(origin.disabled).toBe(true)
    fireEvent.click(button(/^保\s*存$/))
    await waitFor(() => expect(api.save).toHaveBeenCalled())
    expect(vi.mocked(api.save).mock.calls[0]![0]).not.toHaveProperty('apiOrigin')
  })

  it('shows the message of an error from the shell', () => {
    expect(
      ipcErrorMessage(
        new Error("Error invoking remote method 'settings:set': Error: 下载目录必须是完整路径"),
      ),
    ).toBe('下载目录必须是完整路径')
  })
})
