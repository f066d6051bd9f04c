/** The owner's actions on a work: publish / withdraw, avatar, listing cover, download, delete. */
import { useNavigate } from 'react-router-dom'
import { Button, Popconfirm } from 'antd'
import type { AiWork } from '@shared/api/ai'
import {
  useAiAvatar,
  useAiCover,
  useDownloadAiWork,
  usePublishAiWork,
  useRemoveAiWork,
} from '@renderer/api/ai'
import { toast } from '@renderer/utils/toast'
import { leaveAiCover } from './cover-handoff'

export function WorkActions({ work, manage = true }: { work: AiWork; manage?: boolean }) {
  const navigate = useNavigate()
  const publish = usePublishAiWork()
  const remove = useRemoveAiWork()
  const avatar = useAiAvatar()
  const cover = useAiCover()
  const download = useDownloadAiWork()
  return (
    <>
      {manage && !work.hidden ? (
        <Button
          type="link"
          size="small"
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(
              { workId: work.workId, publish: !work.published },
              { onSuccess: () => toast('success', work.published ? '已从画廊撤回' : '已发布到画廊') },
            )
          }
        >
          {work.published ? '撤回' : '发布到画廊'}
        </Button>
      ) : null}
      <Button
        type="link"
        size="small"
        loading={avatar.isPending}
        onClick={() => avatar.mutate(work.workId, { onSuccess: () => toast('success', '已设为头像') })}
      >
        设为头像
      </Button>
      <Button
        type="link"
        size="small"
        loading={cover.isPending}
        onClick={() =>
          cover.mutate(work.workId, {
            onSuccess: (image) => {
              leaveAiCover(image)
              toast('success', '已生成商品封面，选择游戏后继续发布')
              void navigate('/seller/selectType.html')
            },
          })
        }
      >
        用作商品封面
      </Button>
      {manage ? (
        <>
          <Button
            type="link"
            size="small"
            loading={download.isPending}
            onClick={() => download.mutate(work.workId)}
          >
            下载原图
          </Button>
          <Popconfirm
            title="删除这张作品？"
            description="删除后无法恢复，画廊中也会消失。"
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(work.workId).then(() => toast('success', '已删除'))}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </>
      ) : null}
    </>
  )
}
