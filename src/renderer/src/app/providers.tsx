/** The app's providers: server data (TanStack Query), antd (Chinese locale, theme colour) and toasts. */
import { useEffect, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { bindToastApi } from '@renderer/utils/toast'

dayjs.locale('zh-cn')

/**
 * The one place of the site's colours, radius and type: antd turns these into CSS variables
 * (--ant-color-primary, --ant-color-text-secondary, --ant-margin-sm…) that our own CSS uses too.
 */
export const THEME = {
  // one antd on the page: no hash class around every selector (`:where(.css-…)`), which made a
  // fifth of the server-rendered CSS (docs/ssr.md "antd's styles")
  hashed: false,
  token: {
    // the site's blue, deepened to a 4.5:1 contrast with white text and on light grey (docs/ssr.md)
    colorPrimary: '#0f6ecd',
    colorLink: '#0f6ecd',
    colorText: '#1f2329',
    colorTextSecondary: '#4e5969',
    colorTextTertiary: '#5f6b7a',
    colorBorderSecondary: '#e5e6eb',
    colorBgLayout: '#f4f6f9',
    // prices and calls to action
    orange: '#c2410c',
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Helvetica Neue", Arial, "Noto Sans CJK SC", sans-serif',
  },
} as const

function ToastBinder() {
  const { message } = AntApp.useApp()
  useEffect(() => bindToastApi(message), [message])
  return null
}

/** antd, toasts and the QueryClient (one per app; tests pass a fresh one). */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <AntApp message={{ maxCount: 3, top: 72 }}>
          <ToastBinder />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  )
}
