/** antd configuration (Chinese locale, theme colour of spec §3) and the toast binding. */
import { useEffect, type ReactNode } from 'react'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { SETTINGS } from '@shared/constants'
import { bindToastApi } from '@renderer/utils/toast'

dayjs.locale('zh-cn')

export const THEME = {
  token: {
    colorPrimary: SETTINGS.theme,
    colorLink: SETTINGS.theme,
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp message={{ maxCount: 3, top: 72 }}>
        <ToastBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  )
}
