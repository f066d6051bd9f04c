/** 登录设备: the user's live sessions with time and IP; any other one can be ended. */
import { Button, Card, List, Popconfirm, Tag } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { sessionsQuery, useEndSession } from '@renderer/api/account'
import { parseTime } from '@renderer/utils/time'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

/** A short name of the browser or client of a User-Agent string. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return '未知设备'
  if (/Electron/i.test(userAgent)) return '桌面客户端'
  const os = /Windows/i.test(userAgent)
    ? 'Windows'
    : /Android/i.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/i.test(userAgent)
        ? 'iOS'
        : /Mac OS/i.test(userAgent)
          ? 'macOS'
          : /Linux/i.test(userAgent)
            ? 'Linux'
            : ''
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '浏览器'
  return os ? `${os} · ${browser}` : browser
}

export function SessionsCard() {
  const sessions = useQuery(sessionsQuery())
  const end = useEndSession()
  return (
    <Card size="small" title="登录设备">
      <ErrorAlert error={sessions.error} fallback="加载失败" />
      <ErrorAlert error={end.error} fallback="操作失败" />
      <List
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        locale={{ emptyText: '暂无登录设备' }}
        renderItem={(s) => (
          <List.Item
            aria-label={`登录设备 ${s.ip}`}
            actions={
              s.current
                ? [
                    <Tag key="current" color="green">
                      当前设备
                    </Tag>,
                  ]
                : [
                    <Popconfirm
                      key="end"
                      title="让该设备下线？"
                      okText="下线"
                      cancelText="取消"
                      onConfirm={() => end.mutate(s.sessionId)}
                    >
                      <Button size="small" danger loading={end.isPending && end.variables === s.sessionId}>
                        下线
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              title={deviceName(s.userAgent)}
              description={`登录时间 ${parseTime(s.createdAt, 'YYYY-MM-DD HH:mm')} · IP ${s.ip || '未知'}`}
            />
          </List.Item>
        )}
      />
    </Card>
  )
}
