/** The workbench's left column: the queue (with wait times) and the conversations being answered. */
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Empty, List, Segmented, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { CsQueueItem } from '@shared/api/cs'
import { PERMS } from '@shared/permissions'
import { csAgentConversationsQuery, csQueueQuery, useTake } from '@renderer/api/cs-agent'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { useHasPermi } from '@renderer/components/use-permission'
import { parseTime } from '@renderer/utils/time'
import { secondsText } from '../Dashboard'

type Tab = 'queue' | 'mine' | 'all' | 'ended'

function Row({
  c,
  active,
  onOpen,
  action,
}: {
  c: CsQueueItem
  active: boolean
  onOpen: () => void
  action?: React.ReactNode
}) {
  return (
    <List.Item
      className={`cs-wb__row ${active ? 'is-active' : ''}`}
      onClick={onOpen}
      actions={action ? [action] : undefined}
      data-testid={`cs-row-${c.conversationId}`}
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <span>{c.userName}</span>
            {c.attachment ? (
              <Tag color="blue">
                {c.attachment.kind === 'goods' ? '商品' : c.attachment.kind === 'dispute' ? '纠纷' : '订单'}
              </Tag>
            ) : null}
            {c.leftMessage ? <Tag color="orange">留言</Tag> : null}
          </Space>
        }
        description={
          <div className="cs-wb__row-desc">
            <Typography.Text type="secondary" ellipsis>
              {c.lastMessagePreview ?? '（暂无消息）'}
            </Typography.Text>
            <div>
              {c.status === 'WAITING' ? (
                <Tag color="red">已等待 {secondsText(c.waitSeconds)}</Tag>
              ) : c.status === 'ENDED' ? (
                <Tag>已结束 {c.rating ? `· ${c.rating.score} 分` : ''}</Tag>
              ) : (
                <Tag color="green">接待中</Tag>
              )}
              <Typography.Text type="secondary">
                {parseTime(c.lastMessageAt ?? c.createdAt, 'HH:mm')}
              </Typography.Text>
            </div>
          </div>
        }
      />
    </List.Item>
  )
}

export function Lists({ openId, onOpen }: { openId: number | null; onOpen: (id: number) => void }) {
  const supervisor = useHasPermi([PERMS.csSupervise])
  const [tab, setTab] = useState<Tab>('queue')
  const queue = useQuery(csQueueQuery())
  const mine = useQuery(csAgentConversationsQuery({}))
  const other = useQuery({
    ...csAgentConversationsQuery(tab === 'all' ? { all: true } : { ended: true, all: supervisor }),
    enabled: tab === 'all' || tab === 'ended',
  })
  const take = useTake()
  const list = tab === 'queue' ? queue : tab === 'mine' ? mine : other
  return (
    <div className="cs-wb__lists">
      <div className="cs-wb__lists-head">
        <Segmented<Tab>
          size="small"
          value={tab}
          onChange={setTab}
          options={[
            {
              value: 'queue',
              label: (
                <span className="cs-wb__tab">
                  排队
                  <Badge count={queue.data?.length ?? 0} size="small" />
                </span>
              ),
            },
            {
              value: 'mine',
              label: (
                <span className="cs-wb__tab">
                  我的
                  <Badge count={mine.data?.length ?? 0} size="small" color="green" />
                </span>
              ),
            },
            ...(supervisor ? [{ value: 'all' as const, label: '全部' }] : []),
            { value: 'ended', label: '已结束' },
          ]}
        />
        {tab === 'queue' ? (
          <Button
            size="small"
            type="primary"
            disabled={!queue.data?.length}
            loading={take.isPending}
            onClick={() => take.mutate(undefined, { onSuccess: (c) => onOpen(c.conversationId) })}
          >
            接待下一位
          </Button>
        ) : null}
      </div>
      {list.error ? (
        <ErrorAlert error={list.error} fallback="会话列表加载失败" onRetry={() => void list.refetch()} />
      ) : null}
      <List
        size="small"
        loading={list.isLoading}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={tab === 'queue' ? '没有排队的会话' : '暂无会话'}
            />
          ),
        }}
        dataSource={list.data ?? []}
        renderItem={(c) => (
          <Row
            c={c}
            active={c.conversationId === openId}
            onOpen={() => onOpen(c.conversationId)}
            action={
              tab === 'queue' ? (
                <Button
                  size="small"
                  onClick={(e) => {
                    e.stopPropagation()
                    take.mutate(c.conversationId, { onSuccess: () => onOpen(c.conversationId) })
                  }}
                >
                  接待
                </Button>
              ) : undefined
            }
          />
        )}
      />
    </div>
  )
}
