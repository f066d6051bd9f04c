/** The console's settings drawer: theme colour, side theme, tags view, fixed header, sidebar logo. */
import { ColorPicker, Drawer, Radio, Switch } from 'antd'
import type { ConsoleSettings } from '@shared/api/oplog'
import { useSaveConsoleSettings } from '@renderer/api/oplog'

const PRESETS = ['#1890ff', '#722ed1', '#13c2c2', '#52c41a', '#fa541c', '#eb2f96']

export function SettingsDrawer({
  open,
  onClose,
  settings,
}: {
  open: boolean
  onClose: () => void
  settings: ConsoleSettings
}) {
  const save = useSaveConsoleSettings()
  const set = (patch: Partial<ConsoleSettings>) => save.mutate({ ...settings, ...patch })
  return (
    <Drawer title="布局设置" open={open} onClose={onClose} size={300}>
      <div className="console-settings">
        <div className="console-settings__row">
          <span>主题颜色</span>
          <ColorPicker
            value={settings.theme}
            presets={[{ label: '推荐', colors: PRESETS }]}
            onChangeComplete={(c) => set({ theme: c.toHexString().slice(0, 7) })}
          />
        </div>
        <div className="console-settings__row">
          <span>侧边栏主题</span>
          <Radio.Group
            value={settings.sideTheme}
            onChange={(e) => set({ sideTheme: e.target.value as ConsoleSettings['sideTheme'] })}
            options={[
              { value: 'theme-dark', label: '暗色' },
              { value: 'theme-light', label: '亮色' },
            ]}
          />
        </div>
        <div className="console-settings__row">
          <span>开启标签页</span>
          <Switch checked={settings.tagsView} onChange={(tagsView) => set({ tagsView })} />
        </div>
        <div className="console-settings__row">
          <span>固定头部</span>
          <Switch checked={settings.fixedHeader} onChange={(fixedHeader) => set({ fixedHeader })} />
        </div>
        <div className="console-settings__row">
          <span>显示侧边栏标志</span>
          <Switch checked={settings.sidebarLogo} onChange={(sidebarLogo) => set({ sidebarLogo })} />
        </div>
      </div>
    </Drawer>
  )
}
