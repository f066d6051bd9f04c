import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', async () => (await import('../testing/fakes')).fakeElectron)

import {
  FakeBrowserWindow,
  FakeDownloadItem,
  FakeWebContents,
  navEvent,
  resetFakeElectron,
} from '../testing/fakes'
import { createDownloadManager, isApiDownloadUrl, sanitizeFileName, uniquePath } from './downloads'

const API = 'http://localhost:8080'
const url = (name = 'a.csv') =>
  `${API}/api/common/download?fileName=${encodeURIComponent(name)}&delete=true&ticket=t1`

beforeEach(() => resetFakeElectron())

function setup(opts: { ask?: boolean; existing?: string[]; ensureDir?: () => void } = {}) {
  const win = new FakeBrowserWindow()
  const notifier = { system: vi.fn((_notice: unknown) => true) }
  const showItemInFolder = vi.fn()
  const existing = new Set(opts.existing ?? [])
  const manager = createDownloadManager({
    apiOrigin: () => API,
    downloadDir: () => '/home/u/下载',
    askWhereToSave: () => opts.ask === true,
    getWindow: () => win as never,
    notifier,
    showItemInFolder,
    exists: (p) => existing.has(p),
    ensureDir: opts.ensureDir ?? (() => {}),
  })
  const begin = (item: FakeDownloadItem) => {
    const event = navEvent(item.url)
    manager.handle(event as never, item as never)
    return event
  }
  return { win, notifier, showItemInFolder, manager, begin }
}

describe('download manager', () => {
  it('starts only downloads of the API download route', () => {
    const { manager } = setup()
    const contents = new FakeWebContents()
    expect(manager.start(contents as never, url())).toBe(true)
    expect(contents.downloadURL).toHaveBeenCalledWith(url())
    for (const bad of [
      'https://evil.example/api/common/download?fileName=a.csv',
      `${API}/api/user/message/webMessagePage`,
      `${API}/api/common/download/../../x`,
      'file:///etc/passwd',
      'http://u:p@localhost:8080/api/common/download?fileName=a',
    ]) {
      expect(manager.start(contents as never, bad), bad).toBe(false)
    }
    expect(contents.downloadURL).toHaveBeenCalledTimes(1)
  })

  it('saves into the download folder without asking, under a free name', () => {
    const { begin } = setup({ existing: ['/home/u/下载/站内信.csv'] })
    const item = new FakeDownloadItem(url('站内信.csv'), '站内信.csv')
    const event = begin(item)
    expect(event.defaultPrevented).toBe(false)
    expect(item.setSavePath).toHaveBeenCalledWith('/home/u/下载/站内信 (1).csv')
    expect(item.setSaveDialogOptions).not.toHaveBeenCalled()
  })

  it('asks where to save when the user chose that', () => {
    const { begin } = setup({ ask: true })
    const item = new FakeDownloadItem(url(), 'a.csv')
    begin(item)
    expect(item.setSavePath).not.toHaveBeenCalled()
    expect(item.dialogOptions).toMatchObject({ defaultPath: '/home/u/下载/a.csv', title: '保存文件' })
  })

  it('asks when the folder cannot be made', () => {
    const { begin } = setup({
      ensureDir: () => {
        throw new Error('EACCES')
      },
    })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const item = new FakeDownloadItem(url(), 'a.csv')
    begin(item)
    expect(item.dialogOptions).toMatchObject({ defaultPath: 'a.csv' })
  })

  it('shows progress on the taskbar / dock and clears it at the end', () => {
    const { begin, win } = setup()
    const a = new FakeDownloadItem(url('a.csv'), 'a.csv', 100)
    const b = new FakeDownloadItem(url('b.csv'), 'b.csv', 300)
    begin(a)
    begin(b)
    a.progress(50)
    b.progress(150)
    expect(win.setProgressBar).toHaveBeenLastCalledWith(0.5)
    a.finish('completed')
    expect(win.setProgressBar).toHaveBeenLastCalledWith(0.5)
    b.progress(300)
    b.finish('completed')
    expect(win.setProgressBar).toHaveBeenLastCalledWith(-1)
  })

  it('an unknown size shows an indeterminate bar', () => {
    const { begin, win } = setup()
    begin(new FakeDownloadItem(url(), 'a.csv', 0))
    expect(win.setProgressBar).toHaveBeenLastCalledWith(2)
  })

  it('notifies when done, with a click and an action that show the file in its folder', () => {
    const { begin, notifier, showItemInFolder } = setup()
    const item = new FakeDownloadItem(url('站内信.csv'), '站内信.csv')
    begin(item)
    item.finish('completed')
    const notice = notifier.system.mock.calls[0]![0] as {
      title: string
      body: string
      onClick: () => void
      actions: Array<{ text: string; run: () => void }>
    }
    expect(notice.title).toBe('下载完成')
    expect(notice.body).toContain('站内信.csv')
    notice.onClick()
    notice.actions[0]!.run()
    expect(showItemInFolder.mock.calls).toEqual([['/home/u/下载/站内信.csv'], ['/home/u/下载/站内信.csv']])
    expect(notice.actions[0]!.text).toBe('在文件夹中显示')
  })

  it('reports a failure, and says nothing about a cancel', () => {
    const { begin, notifier, manager } = setup()
    const failed = new FakeDownloadItem(url('a.csv'), 'a.csv')
    begin(failed)
    failed.finish('interrupted')
    expect(notifier.system).toHaveBeenCalledWith({
      title: '下载失败',
      body: 'a.csv 未能下载完成，请稍后重试',
    })
    const cancelled = new FakeDownloadItem(url('b.csv'), 'b.csv')
    begin(cancelled)
    cancelled.cancel()
    expect(notifier.system).toHaveBeenCalledTimes(1)
    expect(manager.active).toBe(0)
  })

  it('cancels any other download of the session', () => {
    const { begin } = setup()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const item = new FakeDownloadItem('https://evil.example/malware.exe', 'malware.exe')
    expect(begin(item).defaultPrevented).toBe(true)
    expect(item.setSavePath).not.toHaveBeenCalled()
  })
})

describe('file names', () => {
  it('keeps only a safe base name', () => {
    expect(sanitizeFileName('站内信-20240518.csv')).toBe('站内信-20240518.csv')
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd')
    expect(sanitizeFileName('..\\..\\x.bat')).toBe('x.bat')
    expect(sanitizeFileName('a<b>:c"d|e?f*g.csv')).toBe('a_b__c_d_e_f_g.csv')
    expect(sanitizeFileName('CON.txt')).toBe('_CON.txt')
    expect(sanitizeFileName('...')).toBe('download')
    expect(sanitizeFileName('x'.repeat(300) + '.csv')).toHaveLength(200)
  })

  it('finds a free name', () => {
    const taken = new Set(['/d/a.csv', '/d/a (1).csv'])
    expect(uniquePath('/d', 'a.csv', (p) => taken.has(p))).toBe('/d/a (2).csv')
    expect(uniquePath('/d', 'b', (p) => taken.has(p))).toBe('/d/b')
  })

  it('matches the API download route exactly', () => {
    expect(isApiDownloadUrl(url(), API)).toBe(true)
    expect(isApiDownloadUrl(url(), 'https://market.example.com')).toBe(false)
    expect(isApiDownloadUrl(`${API}/api/common/downloadTicket`, API)).toBe(false)
  })
})
