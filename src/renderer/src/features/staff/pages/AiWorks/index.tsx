/**
 * Console: AI 作品管理 — every AI work (filters: prompt keyword, author account, state), hide with a
 * reason / unhide (permission ai:work:hide), and the blocked-word dictionary checked before a job is
 * queued (ai:words:edit). Standalone page: the console shell registers it.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Image, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { AI_LIMITS, AI_SIZES, type AiStaffWorksQuery, type AiBlockedWord, type AiWork } from '@shared/api/ai'
import {
  aiStaffWorksQuery,
  aiWordsQuery,
  useAddAiWord,
  useHideAiWork,
  useRemoveAiWord,
  useUnhideAiWork,
} from '@renderer/api/ai'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { TextPromptModal } from '@renderer/components/TextPromptModal'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { pagination } from '../../parts/table'

type State = NonNullable<AiStaffWorksQuery['state']>

const STATES: Array<{ label: string; value: State }> = [
  { label: '全部', value: 'all' },
  { label: '画廊中', value: 'published' },
  { label: '已隐藏', value: 'hidden' },
  { label: '未发布', value: 'private' },
]

function HideDialog({ work, onClose }: { work: AiWork | null; onClose: () => void }) {
  const hide = useHideAiWork()
  return (
    <TextPromptModal
      open={work !== null}
      title="隐藏作品"
      okText="隐藏"
      label="隐藏原因"
      requiredMessage="请填写隐藏原因"
      maxLength={AI_LIMITS.reasonMax}
      placeholder="例如：含有不适宜内容"
      loading={hide.isPending}
      onCancel={onClose}
      onSubmit={(reason) =>
        work &&
        hide.mutate(
          { workId: work.workId, reason },
          {
            onSuccess: () => {
              toast('success', '已隐藏')
              onClose()
            },
          },
        )
      }
    >
      <p>隐藏后作品离开画廊和其他用户的收藏，作者会看到隐藏原因。</p>
    </TextPromptModal>
  )
}

function Works() {
  const [filters, setFilters] = useState<{ keyword: string; authorName: string; state: State }>({
    keyword: '',
    authorName: '',
    state: 'all',
  })
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 })
  const query: AiStaffWorksQuery = {
    ...page,
    state: filters.state,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.authorName ? { authorName: filters.authorName } : {}),
  }
  const list = useQuery(aiStaffWorksQuery(query))
  const unhide = useUnhideAiWork()
  const [hiding, setHiding] = useState<AiWork | null>(null)
  const [form] = Form.useForm<typeof filters>()

  const columns: ColumnsType<AiWork> = [
    { title: '编号', dataIndex: 'workId', width: 80 },
    {
      title: '图片',
      key: 'image',
      width: 96,
      render: (_, w) => <Image src={w.thumbUrl} preview={{ src: w.url }} width={72} alt={w.prompt} />,
    },
    { title: '画面描述', dataIndex: 'prompt', ellipsis: true },
    { title: '画风', dataIndex: 'styleLabel', width: 100 },
    { title: '尺寸', dataIndex: 'size', width: 120, render: (s: AiWork['size']) => AI_SIZES[s]?.label ?? s },
    { title: '作者', dataIndex: 'authorName', width: 120 },
    {
      title: '状态',
      key: 'state',
      width: 200,
      render: (_, w) =>
        w.hidden ? (
          <div>
            <Tag color="red">已隐藏</Tag>
            <div>{w.hiddenReason}</div>
          </div>
        ) : w.published ? (
          <Tag color="green">画廊中</Tag>
        ) : (
          <Tag>未发布</Tag>
        ),
    },
    {
      title: '点赞 / 收藏',
      key: 'counts',
      width: 110,
      render: (_, w) => `${w.likeCount} / ${w.favouriteCount}`,
    },
    {
      title: '创作时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, w) =>
        w.hidden ? (
          <Popconfirm
            title="取消隐藏这件作品？"
            okText="取消隐藏"
            cancelText="再想想"
            onConfirm={() => unhide.mutateAsync(w.workId).then(() => toast('success', '已取消隐藏'))}
          >
            <Button type="link" size="small">
              取消隐藏
            </Button>
          </Popconfirm>
        ) : (
          <Button type="link" size="small" danger onClick={() => setHiding(w)}>
            隐藏
          </Button>
        ),
    },
  ]

  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={filters}
        onFinish={(v) => {
          setFilters({
            keyword: v.keyword?.trim() ?? '',
            authorName: v.authorName?.trim() ?? '',
            state: v.state,
          })
          setPage((p) => ({ ...p, pageNum: 1 }))
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword" label="关键词">
          <Input allowClear placeholder="画面描述" maxLength={50} />
        </Form.Item>
        <Form.Item name="authorName" label="作者账号">
          <Input allowClear placeholder="用户名" maxLength={30} />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select options={STATES} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              搜索
            </Button>
            <Button
              onClick={() => {
                form.resetFields()
                setFilters({ keyword: '', authorName: '', state: 'all' })
                setPage((p) => ({ ...p, pageNum: 1 }))
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {list.error && !list.isFetching ? (
        <ErrorAlert error={list.error} fallback="作品加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <Table<AiWork>
          rowKey="workId"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          scroll={{ x: 1200 }}
          pagination={pagination(page, list.data?.total, (pageNum, pageSize) =>
            setPage({ pageNum, pageSize }),
          )}
        />
      )}
      <HideDialog work={hiding} onClose={() => setHiding(null)} />
    </>
  )
}

function Words() {
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 })
  const list = useQuery(aiWordsQuery({ ...page, ...(keyword ? { keyword } : {}) }))
  const add = useAddAiWord()
  const remove = useRemoveAiWord()
  const [word, setWord] = useState('')
  const columns: ColumnsType<AiBlockedWord> = [
    { title: '违禁词', dataIndex: 'word' },
    {
      title: '添加时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, w) => (
        <ConfirmLink
          title={`删除违禁词「${w.word}」？`}
          okText="删除"
          onConfirm={() => remove.mutateAsync(w.wordId).then(() => toast('success', '已删除'))}
        />
      ),
    },
  ]
  return (
    <>
      <p>提交绘画任务前，画面描述和反向描述会与下列词语比对（不区分大小写，忽略空格），命中即拒绝。</p>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder="查找违禁词"
          onSearch={(v) => {
            setKeyword(v.trim())
            setPage((p) => ({ ...p, pageNum: 1 }))
          }}
          style={{ width: 220 }}
        />
        <Input
          value={word}
          onChange={(e) => setWord(e.target.value)}
          maxLength={AI_LIMITS.wordMax}
          placeholder="新的违禁词"
          style={{ width: 200 }}
          onPressEnter={() => word.trim() && add.mutate(word.trim(), { onSuccess: () => setWord('') })}
        />
        <Button
          type="primary"
          loading={add.isPending}
          disabled={!word.trim()}
          onClick={() =>
            add.mutate(word.trim(), {
              onSuccess: () => {
                toast('success', '已添加')
                setWord('')
              },
            })
          }
        >
          添加
        </Button>
      </Space>
      <Table<AiBlockedWord>
        rowKey="wordId"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        pagination={pagination(
          page,
          list.data?.total,
          (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          {
            sizes: false,
          },
        )}
      />
    </>
  )
}

export default function AiWorksStaffPage() {
  return (
    <Card title="AI 作品管理">
      <Tabs
        items={[
          { key: 'works', label: '作品', children: <Works /> },
          { key: 'words', label: '违禁词', children: <Words /> },
        ]}
      />
    </Card>
  )
}
