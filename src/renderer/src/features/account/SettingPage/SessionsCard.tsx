/** 登录设备: the user's live sessions with time and IP; any other one can be ended. */
import { Alert, Button, Card, List, Popconfirm, Tag } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { sessionsQuery, useEndSession } from '@renderer/api/account'
import { apiErrorText } from '@renderer/utils/api-error'
import { parseTime } from '@renderer/utils/time'

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
      {sessions.error ? (
        <Alert type="error" showIcon title={apiErrorText(sessions.error, '加载失败')} />
      ) : null}
      {end.error ? (
        <Alert type="error" showIcon role="alert" title={apiErrorText(end.error, '操作失败')} />
      ) : null}
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
