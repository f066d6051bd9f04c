/**
 * The staff console (docs/console.md), one lazily loaded chunk: the routes come from getRouters at
 * run time (menus under /console); a logged-out visitor goes to the login page, a user without a
 * console menu sees the 403 page. The layout: a 200 px side menu (dark by default) under a 65 px
 * logo header, a top bar with the breadcrumb, the visited-tabs bar, the settings drawer.
 */
import { Suspense, useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { App as AntApp, Breadcrumb, Button, ConfigProvider, Dropdown, Layout, Menu, Result, Tabs } from 'antd'
import type { MenuProps } from 'antd'
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons'
import type { RouterItem } from '@shared/api/system'
import { DEFAULT_CONSOLE_SETTINGS } from '@shared/api/oplog'
import { SITE_NAME } from '@shared/constants'
import { useLogout, useUserInfo } from '@renderer/api/auth'
import { consoleSettingsQuery } from '@renderer/api/oplog'
import { routersQuery } from '@renderer/api/system'
import { PageLoading } from '@renderer/components/PageLoading'
import { useSessionStore } from '@renderer/stores/session'
import { loginPathWithRedirect } from '@renderer/utils/login-redirect'
import { joinMenuPath } from '@renderer/utils/menu'
import { consoleMenus, consoleRoutes, CONSOLE_ROOT, type ConsoleRoute } from './layout/menus'
import { SettingsDrawer } from './layout/SettingsDrawer'
import { cachedPaths, NO_NAME, useTagsStore } from './layout/tags'
import { consolePage } from './registry'
import './console.css'

const NO_MENUS: RouterItem[] = []

function menuItems(items: readonly RouterItem[], parent = ''): MenuProps['items'] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => {
      const key = joinMenuPath(parent, item.path)
      const label = item.meta?.title || NO_NAME
      return item.children?.length ? { key, label, children: menuItems(item.children, key) } : { key, label }
    })
}

function ForbiddenPage() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，您没有访问管理后台的权限"
      extra={
        <Button type="primary" href="/">
          返回首页
        </Button>
      }
    />
  )
}

function ConsolePageView({ route }: { route: ConsoleRoute }) {
  const Page = consolePage(route.component)
  if (!Page) return <Result status="info" title={route.title} subTitle="该页面正在建设中，敬请期待" />
  return (
    <Suspense fallback={<PageLoading />}>
      {/* pages are module-level lazy components of the registry, not created here */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Page />
    </Suspense>
  )
}

export default function ConsoleApp() {
  const { pathname } = useLocation()
  const token = useSessionStore((s) => s.token)
  useUserInfo()
  const routers = useQuery(routersQuery(Boolean(token)))
  const menus = useMemo(() => consoleMenus(routers.data ?? NO_MENUS), [routers.data])
  const routes = useMemo(() => consoleRoutes(menus), [menus])
  const settings =
    useQuery({ ...consoleSettingsQuery(), enabled: menus.length > 0 }).data ?? DEFAULT_CONSOLE_SETTINGS

  if (!token) return <Navigate to={loginPathWithRedirect(pathname)} replace />
  if (routers.isPending) return <PageLoading />
  if (menus.length === 0) return <ForbiddenPage />
  const path = pathname.replace(/\/+$/, '')
  if (path === CONSOLE_ROOT) {
    const first = routes.find((r) => r.affix) ?? routes.find((r) => !r.hidden)
    return first ? <Navigate to={first.fullPath} replace /> : <ForbiddenPage />
  }
  return (
    <ConfigProvider theme={{ token: { colorPrimary: settings.theme } }}>
      <AntApp>
        <ConsoleLayout menus={menus} routes={routes} path={path} settings={settings} />
      </AntApp>
    </ConfigProvider>
  )
}

function ConsoleLayout({
  menus,
  routes,
  path,
  settings,
}: {
  menus: RouterItem[]
  routes: ConsoleRoute[]
  path: string
  settings: typeof DEFAULT_CONSOLE_SETTINGS
}) {
  const navigate = useNavigate()
  const [collapsed, setCollapsed] = useState(false)
  const [drawer, setDrawer] = useState(false)
  const logout = useLogout()
  const userName = useSessionStore((s) => s.userInfo?.nickName ?? s.userInfo?.userName ?? '')
  const { visited, add, close, closeOthers, closeAll } = useTagsStore()
  const current = routes.find((r) => r.fullPath === path)
  const redirect = current?.redirect

  useEffect(() => {
    for (const r of routes)
      if (r.affix) add({ path: r.fullPath, title: r.title, affix: true, noCache: r.noCache })
    if (current && !current.hidden && !current.redirect)
      add({ path: current.fullPath, title: current.title, noCache: current.noCache })
    if (current?.hidden) add({ path: current.fullPath, title: current.title, noCache: current.noCache })
  }, [routes, current, add])

  // the directory of the page shown opens whenever the page changes; others stay as the user left them
  const selected = current?.activeMenu ?? path
  const sectionKeys = menus.filter((m) => selected.startsWith(`${m.path}/`)).map((m) => m.path)
  const section = sectionKeys.join('|')
  const [open, setOpen] = useState({ section, keys: sectionKeys })
  if (open.section !== section) setOpen({ section, keys: [...new Set([...open.keys, ...sectionKeys])] })
  const setOpenKeys = (keys: string[]) => setOpen({ section, keys })

  // a cached view stays mounted once shown; a tab not yet opened in this page's life (the affixed
  // 工作台 behind a deep link, the tabs of an earlier visit) mounts when opened: 工作台's chart
  // library alone is 1.6 MB of script (docs/console.md, Run-time routes and the shell)
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set([path]))
  if (!shown.has(path)) setShown(new Set([...shown, path]))

  if (redirect) return <Navigate to={redirect} replace />

  const known = visited.filter((v) => routes.some((r) => r.fullPath === v.path))
  const kept = new Set(cachedPaths(known))
  const mounted = routes.filter((r) => r.fullPath === path || (kept.has(r.fullPath) && shown.has(r.fullPath)))
  const dark = settings.sideTheme === 'theme-dark'

  const closeTab = (target: string) => {
    close(target)
    if (target === path) {
      const rest = useTagsStore.getState().visited
      navigate(rest.at(-1)?.path ?? CONSOLE_ROOT)
    }
  }

  return (
    <Layout className={`console ${settings.fixedHeader ? 'console--fixed-header' : ''}`}>
      <Layout.Sider
        width={200}
        collapsible
        collapsed={collapsed}
        trigger={null}
        theme={dark ? 'dark' : 'light'}
        className="console__sider"
      >
        {settings.sidebarLogo && (
          <a className={`console__logo ${dark ? '' : 'console__logo--light'}`} href={CONSOLE_ROOT}>
            {collapsed ? '易' : `${SITE_NAME} · 管理后台`}
          </a>
        )}
        <Menu
          theme={dark ? 'dark' : 'light'}
          mode="inline"
          selectedKeys={[selected]}
          openKeys={collapsed ? undefined : open.keys}
          onOpenChange={setOpenKeys}
          items={menuItems(menus)}
          onClick={(e) => navigate(e.key)}
          aria-label="管理菜单"
        />
      </Layout.Sider>
      <Layout>
        <div className="console__top">
          <header className="console__navbar">
            <Button
              type="text"
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <Breadcrumb
              className="console__breadcrumb"
              items={[
                { title: '管理后台' },
                ...(current?.crumbs ?? ['页面不存在']).map((title) => ({ title })),
              ]}
            />
            <div className="console__right">
              <Button
                type="text"
                icon={<SettingOutlined />}
                aria-label="布局设置"
                onClick={() => setDrawer(true)}
              />
              <Dropdown
                menu={{
                  items: [
                    { key: 'home', label: '返回前台' },
                    { key: 'logout', label: '退出登录' },
                  ],
                  onClick: (e) => (e.key === 'logout' ? logout.mutate() : navigate('/')),
                }}
              >
                <Button type="text" icon={<UserOutlined />}>
                  {userName}
                </Button>
              </Dropdown>
            </div>
          </header>
          {settings.tagsView && (
            <Tabs
              className="console__tags"
              type="editable-card"
              size="small"
              hideAdd
              activeKey={path}
              onChange={(key) => navigate(key)}
              onEdit={(key, action) => action === 'remove' && typeof key === 'string' && closeTab(key)}
              items={known.map((v) => ({
                key: v.path,
                closable: !v.affix,
                label: (
                  <Dropdown
                    trigger={['contextMenu']}
                    menu={{
                      items: [
                        { key: 'close', label: '关闭', disabled: v.affix },
                        { key: 'others', label: '关闭其他' },
                        { key: 'all', label: '关闭所有' },
                      ],
                      onClick: (e) => {
                        if (e.key === 'close') closeTab(v.path)
                        if (e.key === 'others') {
                          closeOthers(v.path)
                          navigate(v.path)
                        }
                        if (e.key === 'all') {
                          closeAll()
                          navigate(useTagsStore.getState().visited[0]?.path ?? CONSOLE_ROOT)
                        }
                      },
                    }}
                  >
                    <span>{v.title || NO_NAME}</span>
                  </Dropdown>
                ),
              }))}
              tabBarExtraContent={
                <Dropdown
                  menu={{
                    items: [
                      { key: 'others', label: '关闭其他' },
                      { key: 'all', label: '关闭所有' },
                    ],
                    onClick: (e) => {
                      if (e.key === 'others') closeOthers(path)
                      else {
                        closeAll()
                        navigate(useTagsStore.getState().visited[0]?.path ?? CONSOLE_ROOT)
                      }
                    },
                  }}
                >
                  <Button size="small" type="text">
                    标签操作
                  </Button>
                </Dropdown>
              }
            />
          )}
        </div>
        <Layout.Content className="console__content">
          {!current && <Result status="404" title="404" subTitle="页面不存在" />}
          {mounted.map((r) => (
            <div key={r.fullPath} hidden={r.fullPath !== path} className="console__view">
              <ConsolePageView route={r} />
            </div>
          ))}
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} settings={settings} />
    </Layout>
  )
}
