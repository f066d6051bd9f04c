/**
 * Console: 公会助力 (docs/platform-pages.md, docs/console.md) — activities (time window, rules,
 * prizes), the guilds of an activity (name, game, server, logo) with their valid supports, and the
 * supports with filters (activity, guild, user, IP) and voiding with a reason. Permissions
 * platform:love:list, platform:love:edit, platform:love:void.
 */
import { useState } from 'react'
import { Card, Tabs } from 'antd'
import { Activities } from './Activities'
import { Guilds } from './Guilds'
import { Supports } from './Supports'

export default function LoveManagePage() {
  const [tab, setTab] = useState('activities')
  const [activityId, setActivityId] = useState<number | null>(null)
  const open = (next: string) => (id: number) => {
    setActivityId(id)
    setTab(next)
  }
  return (
    <Card title="公会助力">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'activities',
            label: '活动',
            children: <Activities onGuilds={open('guilds')} onSupports={open('supports')} />,
          },
          {
            key: 'guilds',
            label: '公会',
            children: <Guilds activityId={activityId} onActivity={setActivityId} />,
          },
          {
            key: 'supports',
            label: '助力记录',
            children: <Supports activityId={activityId} onActivity={setActivityId} />,
          },
        ]}
      />
    </Card>
  )
}
