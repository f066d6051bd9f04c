/**
 * The area/server tree of a game: areas (大区) with their servers, renamed, reordered, added and
 * removed in the page, saved at once. A row that listings name cannot be removed (the server says
 * which); a server stays under its area.
 */
import { useState } from 'react'
import { Button, Card, Empty, Input, Space, Tooltip } from 'antd'
import { GAME_LIMITS, type GameAreasBody, type StaffArea } from '@shared/api/game'
import { PERMS } from '@shared/permissions'
import { useSaveGameAreas } from '@renderer/api/game'
import { HasPermi } from '@renderer/components/HasPermi'
import { useHasPermi } from '@renderer/components/use-permission'

type Row = { serverId?: number; name: string; platform?: string | null }
type AreaRow = Row & { children: Row[]; key: string }

let nextKey = 0
const keyOf = () => `new-${++nextKey}`

const fromTree = (areas: StaffArea[]): AreaRow[] =>
  areas.map((a) => ({
    key: String(a.serverId),
    serverId: a.serverId,
    name: a.name,
    platform: a.platform,
    children: a.children.map((s) => ({ serverId: s.serverId, name: s.name, platform: s.platform })),
  }))

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const out = [...list]
  const [item] = out.splice(from, 1)
  out.splice(to, 0, item!)
  return out
}

export function AreasEditor({ gameId, areas }: { gameId: number; areas: StaffArea[] }) {
  const [rows, setRows] = useState<AreaRow[]>(() => fromTree(areas))
  const save = useSaveGameAreas()
  const canEdit = useHasPermi([PERMS.gameEdit])

  const setArea = (i: number, change: Partial<AreaRow>) =>
    setRows((r) => r.map((a, j) => (j === i ? { ...a, ...change } : a)))
  const setServer = (i: number, k: number, name: string) =>
    setArea(i, { children: rows[i]!.children.map((s, j) => (j === k ? { ...s, name } : s)) })

  const body = (): GameAreasBody => ({
    gameId,
    areas: rows.map((a) => ({
      ...(a.serverId ? { serverId: a.serverId } : {}),
      name: a.name.trim(),
      platform: a.platform ?? null,
      children: a.children.map((s) => ({
        ...(s.serverId ? { serverId: s.serverId } : {}),
        name: s.name.trim(),
        platform: s.platform ?? null,
      })),
    })),
  })

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.length === 0 ? <Empty description="该游戏还没有大区（无区服的游戏可以不设）" /> : null}
      {rows.map((area, i) => (
        <Card
          key={area.key}
          size="small"
          title={
            <Input
              aria-label="大区名称"
              value={area.name}
              disabled={!canEdit}
              maxLength={GAME_LIMITS.name}
              placeholder="大区名称"
              onChange={(e) => setArea(i, { name: e.target.value })}
              style={{ width: 220 }}
            />
          }
          extra={
            <HasPermi permissions={[PERMS.gameEdit]}>
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setRows((r) => move(r, i, i - 1))}>
                  上移
                </Button>
                <Button type="link" size="small" onClick={() => setRows((r) => move(r, i, i + 1))}>
                  下移
                </Button>
                <Tooltip title="有商品的大区不能删除，保存时会提示">
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setRows((r) => r.filter((_, j) => j !== i))}
                  >
                    删除大区
                  </Button>
                </Tooltip>
              </Space>
            </HasPermi>
          }
        >
          <Space wrap>
            {area.children.map((s, k) => (
              <Space.Compact key={s.serverId ?? `n${k}`}>
                <Input
                  aria-label="区服名称"
                  value={s.name}
                  disabled={!canEdit}
                  maxLength={GAME_LIMITS.name}
                  placeholder="区服名称"
                  onChange={(e) => setServer(i, k, e.target.value)}
                  style={{ width: 150 }}
                />
                {canEdit ? (
                  <Button
                    aria-label="删除区服"
                    onClick={() => setArea(i, { children: area.children.filter((_, j) => j !== k) })}
                  >
                    ×
                  </Button>
                ) : null}
              </Space.Compact>
            ))}
            <HasPermi permissions={[PERMS.gameEdit]}>
              <Button
                type="dashed"
                size="small"
                onClick={() => setArea(i, { children: [...area.children, { name: '' }] })}
              >
                + 区服
              </Button>
            </HasPermi>
          </Space>
        </Card>
      ))}
      <HasPermi permissions={[PERMS.gameEdit]}>
        <Space>
          <Button
            type="dashed"
            onClick={() => setRows((r) => [...r, { key: keyOf(), name: '', children: [] }])}
          >
            + 大区
          </Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate(body(), { onSuccess: (tree) => setRows(fromTree(tree)) })}
          >
            保存区服
          </Button>
        </Space>
      </HasPermi>
    </Space>
  )
}
