/**
 * A work's detail in a modal: the picture, prompt, negative prompt, size, style, author, like and
 * favourite counts; like and favourite (login needed: 请先登录！ otherwise).
 */
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Modal, Space, Tag } from 'antd'
import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons'
import { AI_SIZES, type AiWork } from '@shared/api/ai'
import { aiWorkQuery, useFavouriteAiWork, useLikeAiWork } from '@renderer/api/ai'
import { useRequireLogin } from '@renderer/components/use-require-login'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { parseTime } from '@renderer/utils/time'

export function WorkDetail({ workId, onClose }: { workId: number | null; onClose: () => void }) {
  const detail = useQuery({ ...aiWorkQuery(workId ?? 0), enabled: workId !== null })
  const like = useLikeAiWork()
  const favourite = useFavouriteAiWork()
  const ensureLogin = useRequireLogin()
  const work: AiWork | undefined = detail.data
  return (
    <Modal
      open={workId !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      title="作品详情"
      destroyOnHidden
    >
      {detail.error ? (
        <ErrorAlert error={detail.error} fallback="作品加载失败" onRetry={() => void detail.refetch()} />
      ) : work ? (
        <div className="ai-detail" data-testid="ai-work-detail">
          <img className="ai-detail__image" src={work.url} alt={work.prompt} />
          <Space style={{ margin: '12px 0' }}>
            <Button
              icon={work.liked ? <HeartFilled /> : <HeartOutlined />}
              loading={like.isPending}
              onClick={() => ensureLogin() && like.mutate({ workId: work.workId, on: !work.liked })}
            >
              {work.liked ? '已点赞' : '点赞'} {work.likeCount}
            </Button>
            <Button
              icon={work.favourited ? <StarFilled /> : <StarOutlined />}
              loading={favourite.isPending}
              onClick={() => ensureLogin() && favourite.mutate({ workId: work.workId, on: !work.favourited })}
            >
              {work.favourited ? '已收藏' : '收藏'} {work.favouriteCount}
            </Button>
            {work.hidden ? <Tag color="red">已被平台隐藏：{work.hiddenReason}</Tag> : null}
          </Space>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="画面描述" span={2}>
              {work.prompt}
            </Descriptions.Item>
            <Descriptions.Item label="反向描述" span={2}>
              {work.negativePrompt || '无'}
            </Descriptions.Item>
            <Descriptions.Item label="尺寸">
              {AI_SIZES[work.size]?.label ?? work.size}（{work.width}×{work.height}）
            </Descriptions.Item>
            <Descriptions.Item label="画风">{work.styleLabel}</Descriptions.Item>
            <Descriptions.Item label="作者">{work.authorName}</Descriptions.Item>
            <Descriptions.Item label="随机种子">{work.seed}</Descriptions.Item>
            <Descriptions.Item label="点赞">{work.likeCount}</Descriptions.Item>
            <Descriptions.Item label="收藏">{work.favouriteCount}</Descriptions.Item>
            <Descriptions.Item label="创作时间" span={2}>
              {parseTime(work.createdAt, 'YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
        </div>
      ) : (
        <div className="ai-more">加载中…</div>
      )}
    </Modal>
  )
}
