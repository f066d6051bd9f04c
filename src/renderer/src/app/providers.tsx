/**
 * The app's providers: server data (TanStack Query), antd (Chinese locale, theme colour) and the
 * messages, notifications and confirm dialogs (loaded with their first use, app/feedback.tsx), and
 * antd's animations off where the system asks for reduced motion (app/reduced-motion.tsx).
 */
import type { ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import type { Device } from '@renderer/utils/device'
import { DeviceHintProvider } from '@renderer/stores/app'
import { FeedbackProvider } from './feedback'
import { ReducedMotion } from './reduced-motion'

dayjs.locale('zh-cn')

/**
 * The one place of the site's colours, radius and type: antd turns these into CSS variables
 * (--ant-color-primary, --ant-color-text-secondary, --ant-margin-sm…) that our own CSS uses too.
 */
const THEME_CLASS = 'app-theme'

export const THEME = {
  // one antd on the page: no hash class around every selector (`:where(.css-…)`), which made a
  // fifth of the server-rendered CSS (docs/ssr.md "antd's styles")
  hashed: false,
  // the class that scopes the theme's CSS variables (--ant-…): the app's root carries it too, so our
  // own CSS can use them everywhere (docs/ssr.md "What the first load carries")
  cssVar: { key: THEME_CLASS },
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
    // a Chinese font before the Latin-only ones: where the system has none of the first (Android,
    // Linux) every run of Chinese text in Arial fell back glyph by glyph. The home page's first
    // layout (Debian Chromium, scripts off, fastest of 8): 93 → 32 ms
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei", "Helvetica Neue", Arial, sans-serif',
  },
} as const

/**
 * antd, feedback and the QueryClient (one per app; tests pass a fresh one). The root element is what
 * antd's `App` drew (its text colour and type: `.app-root`, global.css) without its message,
 * notification and modal code.
 */
export function Providers({
  children,
  queryClient,
  device = 'desktop',
}: {
  children: ReactNode
  queryClient: QueryClient
  /** the device the server renders for, or drew the page being hydrated for (stores/app.ts `useIsMobile`) */
  device?: Device
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEME}>
        <ReducedMotion>
          <FeedbackProvider>
            <DeviceHintProvider value={device}>
              <div className={`app-root ${THEME_CLASS}`}>{children}</div>
            </DeviceHintProvider>
          </FeedbackProvider>
        </ReducedMotion>
      </ConfigProvider>
    </QueryClientProvider>
  )
}
