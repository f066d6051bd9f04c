/**
 * Add / edit a notice: type, the game of a guide (游戏攻略), title and rich text. 预览 shows the HTML
 * the server answers after sanitising — exactly what the public page will show.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Input, Modal, Select, Skeleton, Space, Switch, Tabs } from 'antd'
import { NOTICE_TYPE_LABELS, NOTICE_TYPES, type NoticeType } from '@shared/api/notice'
import { NOTICE_LIMITS, type StaffNotice } from '@shared/api/notice'
import { staffNoticeQuery, useNoticePreview, useSaveNotice } from '@renderer/api/notice'
import { gamesQuery } from '@renderer/api/game'
import { NoticeContent } from '@renderer/components/NoticeContent'
import { RichTextArea } from './RichTextArea'

interface Values {
  noticeType: NoticeType
  gameId?: number | null
  title: string
  content: string
  publish?: boolean
}

function EditorForm({ notice, onDone }: { notice: StaffNotice | null; onDone: () => void }) {
  const [form] = Form.useForm<Values>()
  const save = useSaveNotice()
  const preview = useNoticePreview()
  const games = useQuery(gamesQuery())
  const [tab, setTab] = useState('edit')
  const noticeType = Form.useWatch('noticeType', form)

  return (
    <Form<Values>
      id="notice-editor"
      form={form}
      layout="vertical"
      initialValues={
        notice
          ? {
              noticeType: notice.noticeType,
              gameId: notice.gameId ?? null,
              title: notice.title,
              content: notice.content,
            }
          : { noticeType: 'ANNOUNCEMENT', gameId: null, title: '', content: '', publish: false }
      }
      onFinish={(values) =>
        save.mutate(
          {
            ...(notice ? { noticeId: notice.noticeId } : {}),
            noticeType: values.noticeType,
            title: values.title.trim(),
            gameId: values.noticeType === 'GUIDE' ? (values.gameId ?? null) : null,
            content: values.content,
            ...(notice ? {} : { publish: Boolean(values.publish) }),
          },
          { onSuccess: onDone },
        )
      }
    >
      {notice?.fixed ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="这是页脚帮助页：可以修改标题和内容，不能改类型、下线或删除。"
        />
      ) : null}
      <Space wrap>
        <Form.Item name="noticeType" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
          <Select
            disabled={notice?.fixed}
            style={{ width: 140 }}
            options={NOTICE_TYPES.map((t) => ({ value: t, label: NOTICE_TYPE_LABELS[t] }))}
          />
        </Form.Item>
        {noticeType === 'GUIDE' ? (
          <Form.Item
            name="gameId"
            label="关联游戏（游戏攻略）"
            tooltip="关联游戏后显示在游戏攻略页，不进公告列表"
          >
            <Select
              allowClear
              disabled={notice?.fixed}
              placeholder="不关联：站内操作指南"
              style={{ width: 200 }}
              options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
            />
          </Form.Item>
        ) : null}
        {notice ? null : (
          <Form.Item name="publish" label="保存后立即发布" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Space>
      <Form.Item
        name="title"
        label="标题"
        rules={[{ required: true, whitespace: true, message: '请填写标题' }]}
      >
        <Input maxLength={NOTICE_LIMITS.title} showCount />
      </Form.Item>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key)
          const content = form.getFieldValue('content') as string
          if (key === 'preview' && content?.trim()) preview.mutate(content)
        }}
        items={[
          {
            key: 'edit',
            label: '编辑',
            forceRender: true,
            children: (
              <Form.Item name="content" rules={[{ required: true, whitespace: true, message: '请填写内容' }]}>
                <RichTextArea />
              </Form.Item>
            ),
          },
          {
            key: 'preview',
            label: '预览（服务器净化后）',
            children: preview.isPending ? (
              <Skeleton active />
            ) : preview.data ? (
              <NoticeContent
                notice={{ content: preview.data.html, contentFormat: 'html' }}
                className="notice-preview"
              />
            ) : (
              <Alert type="info" message="填写内容后再预览" />
            ),
          },
        ]}
      />
    </Form>
  )
}

export function NoticeEditor({
  noticeId,
  open,
  onClose,
}: {
  /** null: a new notice */
  noticeId: number | null
  open: boolean
  onClose: () => void
}) {
  const detail = useQuery({ ...staffNoticeQuery(noticeId ?? 0), enabled: open && noticeId !== null })
  const ready = noticeId === null || detail.data
  return (
    <Modal
      open={open}
      title={noticeId === null ? '新增公告' : '编辑公告'}
      okText="保存"
      cancelText="取消"
      width={860}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', form: 'notice-editor' }}
      destroyOnHidden
    >
      {ready ? (
        <EditorForm
          // a refetched notice opens its form again with what the server kept
          key={detail.dataUpdatedAt}
          notice={noticeId === null ? null : detail.data!}
          onDone={onClose}
        />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  )
}
