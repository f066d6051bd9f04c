/**
 * The application menu, in Chinese, and the about dialog. macOS gets the app menu first (关于,
 * 设置…, 服务, 隐藏, 退出); Windows and Linux show the same entries under 文件 and 帮助 (the menu
 * bar hides until Alt is pressed). Developer tools only in development.
 */
import { dialog, Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron'
import { SITE_NAME } from '@shared/constants'
import { MESSAGES_PATH, SOLD_ORDERS_PATH } from '@shared/live-events'

export interface MenuActions {
  navigate(path: string): void
  /** open (or focus) the seller's workbench window (workbench-window.ts) */
  openWorkbench(): void
  openSettings(): void
  about(): void
  quit(): void
}

export const GUIDE_PATH = '/platform/noticeList.html?noticeType=GUIDE'

export function appMenuTemplate(
  actions: MenuActions,
  opts: { platform?: NodeJS.Platform; isPackaged: boolean },
): MenuItemConstructorOptions[] {
  const mac = (opts.platform ?? process.platform) === 'darwin'
  const settings: MenuItemConstructorOptions = {
    label: '设置…',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.openSettings(),
  }
  const about: MenuItemConstructorOptions = { label: `关于${SITE_NAME}`, click: () => actions.about() }
  const quit: MenuItemConstructorOptions = {
    label: mac ? `退出${SITE_NAME}` : '退出',
    accelerator: mac ? 'Cmd+Q' : 'Ctrl+Q',
    click: () => actions.quit(),
  }
  const go = (label: string, path: string, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => actions.navigate(path),
  })

  const template: MenuItemConstructorOptions[] = []
  if (mac) {
    template.push({
      label: SITE_NAME,
      submenu: [
        about,
        { type: 'separator' },
        settings,
        { type: 'separator' },
        { role: 'services', label: '服务' },
        { type: 'separator' },
        { role: 'hide', label: `隐藏${SITE_NAME}` },
        { role: 'hideOthers', label: '隐藏其他' },
        { role: 'unhide', label: '全部显示' },
        { type: 'separator' },
        quit,
      ],
    })
  } else {
    template.push({
      label: '文件',
      submenu: [settings, { type: 'separator' }, { role: 'close', label: '关闭窗口' }, quit],
    })
  }
  template.push(
    {
      label: '编辑',
      submenu: [
        { role: 'undo', label: '撤销' },
        { role: 'redo', label: '重做' },
        { type: 'separator' },
        { role: 'cut', label: '剪切' },
        { role: 'copy', label: '复制' },
        { role: 'paste', label: '粘贴' },
        { role: 'selectAll', label: '全选' },
      ],
    },
    {
      label: '视图',
      submenu: [
        { role: 'reload', label: '重新加载' },
        { type: 'separator' },
        { role: 'resetZoom', label: '实际大小' },
        { role: 'zoomIn', label: '放大' },
        { role: 'zoomOut', label: '缩小' },
        { type: 'separator' },
        { role: 'togglefullscreen', label: '全屏' },
        ...(opts.isPackaged
          ? []
          : ([
              { type: 'separator' },
              { role: 'toggleDevTools', label: '开发者工具' },
            ] as MenuItemConstructorOptions[])),
      ],
    },
    {
      label: '前往',
      submenu: [
        go('首页', '/', 'CmdOrCtrl+Shift+H'),
        go('个人中心', '/userHome.html'),
        go('消息中心', MESSAGES_PATH, 'CmdOrCtrl+Shift+M'),
        go('我卖出的', SOLD_ORDERS_PATH),
        go('我出售的商品', '/seller/sellGoods.html'),
      ],
    },
    {
      label: '窗口',
      role: 'window',
      submenu: [
        { label: '卖家工作台', accelerator: 'CmdOrCtrl+Shift+B', click: () => actions.openWorkbench() },
        { type: 'separator' },
        { role: 'minimize', label: '最小化' },
        ...(mac
          ? ([
              { role: 'zoom', label: '缩放' },
              { role: 'front', label: '全部置于顶层' },
            ] as MenuItemConstructorOptions[])
          : []),
      ],
    },
    {
      label: '帮助',
      role: 'help',
      submenu: [
        go('操作指南', GUIDE_PATH),
        go('意见反馈', '/platform/feedback.html'),
        ...(mac ? [] : [{ type: 'separator' } as const, about]),
      ],
    },
  )
  return template
}

export function installAppMenu(
  actions: MenuActions,
  opts: { platform?: NodeJS.Platform; isPackaged: boolean },
): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(actions, opts)))
}

export function aboutDetail(versions: {
  app: string
  electron?: string
  chrome?: string
  node?: string
}): string {
  return [
    `版本 ${versions.app}`,
    `Electron ${versions.electron ?? '-'} · Chromium ${versions.chrome ?? '-'} · Node.js ${versions.node ?? '-'}`,
    '安全放心的游戏账号交易平台',
  ].join('\n')
}

/** The about dialog: name, version and the runtime versions. */
export async function showAbout(
  parent: BrowserWindow | null,
  version: string,
  iconPath?: string,
): Promise<void> {
  const options = {
    type: 'info' as const,
    title: `关于${SITE_NAME}`,
    message: `${SITE_NAME} ${version}`,
    detail: aboutDetail({
      app: version,
      electron: process.versions.electron,
      chrome: process.versions.chrome,
      node: process.versions.node,
    }),
    buttons: ['确定'],
    noLink: true,
    ...(iconPath ? { icon: iconPath } : {}),
  }
  await (parent && !parent.isDestroyed()
    ? dialog.showMessageBox(parent, options)
    : dialog.showMessageBox(options))
}
