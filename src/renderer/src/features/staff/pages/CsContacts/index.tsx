/**
 * Console: 客服账号 — the official customer-service contacts the verification page answers with
 * (docs/platform-pages.md): add, rename, retire (a retired contact stays verifiable as former; it is
 * never deleted), and the unknown contacts visitors checked most (likely impostors). Permissions
 * platform:cs:list and platform:cs:edit. Standalone page: the console shell registers it.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Input, Select, Space, Tabs, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  CS_CHANNEL_LABELS,
  CS_CHANNELS,
  type CsChannel,
  type CsContact,
  type CsContactListQuery,
  type CsUnknownCheck,
} from '@shared/api/cs-verify'
import {
  csContactsQuery,
  csUnknownTopQuery,
  useAddCsContact,
  useEditCsContact,
  useRetireCsContact,
} from '@renderer/api/cs-verify'
import { parseTime } from '@renderer/utils/time'
import { toast } from '@renderer/utils/toast'
import { ConfirmLink } from '../../parts/ConfirmLink'
import { FormModal } from '../../parts/FormModal'
import { QueryTable } from '../../parts/QueryTable'
import { pagination } from '../../parts/table'

const channelOptions = CS_CHANNELS.map((c) => ({ value: c, label: CS_CHANNEL_LABELS[c] }))

interface ContactForm {
  channel: CsChannel
  value: string
  staffName: string
  remark?: string
}

/** Add (contact null) or edit the name and remark of one contact. */
function ContactDialog({
  open,
  contact,
  onClose,
}: {
  open: boolean
  contact: CsContact | null
  onClose: () => void
}) {
  const add = useAddCsContact()
  const edit = useEditCsContact()
  const done = (msg: string) => () => {
    toast('success', msg)
    onClose()
  }
  return (
    <FormModal<ContactForm>
      open={open}
      title={contact ? '编辑客服联系方式' : '添加客服联系方式'}
      loading={add.isPending || edit.isPending}
      onCancel={onClose}
      initialValues={contact ?? { channel: 'QQ' }}
      onFinish={(v) =>
        contact
          ? edit.mutate(
              { contactId: contact.contactId, staffName: v.staffName.trim(), remark: v.remark ?? '' },
              { onSuccess: done('已保存') },
            )
          : add.mutate(
              { channel: v.channel, value: v.value, staffName: v.staffName.trim(), remark: v.remark ?? '' },
              { onSuccess: done('已添加') },
            )
      }
    >
      <Form.Item name="channel" label="类型" rules={[{ required: true }]}>
        <Select options={channelOptions} disabled={contact !== null} />
      </Form.Item>
      <Form.Item
        name="value"
        label="联系方式"
        rules={[{ required: true, whitespace: true, message: '请填写联系方式' }]}
        extra={contact ? '联系方式登记后不能修改；换号请停用后添加新的' : undefined}
      >
        <Input maxLength={64} disabled={contact !== null} />
      </Form.Item>
      <Form.Item
        name="staffName"
        label="客服名称（对外展示）"
        rules={[{ required: true, whitespace: true, message: '请填写客服名称' }]}
      >
        <Input maxLength={30} placeholder="例如：客服小易" />
      </Form.Item>
      <Form.Item name="remark" label="备注（仅内部可见）">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormModal>
  )
}

function Contacts() {
  const [filters, setFilters] = useState<Omit<CsContactListQuery, 'pageNum' | 'pageSize'>>({})
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 })
  const list = useQuery(csContactsQuery({ ...page, ...filters }))
  const retire = useRetireCsContact()
  const [dialog, setDialog] = useState<{ open: boolean; contact: CsContact | null }>({
    open: false,
    contact: null,
  })

  const columns: ColumnsType<CsContact> = [
    { title: '编号', dataIndex: 'contactId', width: 70 },
    { title: '类型', dataIndex: 'channel', width: 80, render: (c: CsChannel) => CS_CHANNEL_LABELS[c] },
    { title: '联系方式', dataIndex: 'value' },
    { title: '客服名称', dataIndex: 'staffName', width: 160 },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, c) =>
        c.status === 'ACTIVE' ? (
          <Tag color="green">在用</Tag>
        ) : (
          <span>
            <Tag>已停用</Tag>
            {c.retiredAt ? parseTime(c.retiredAt, 'YYYY-MM-DD') : null}
          </span>
        ),
    },
    {
      title: '登记时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, c) => (
        <Space>
          <Button type="link" size="small" onClick={() => setDialog({ open: true, contact: c })}>
            编辑
          </Button>
          {c.status === 'ACTIVE' ? (
            <ConfirmLink
              title="停用后，验证该联系方式将显示“曾是官方客服，已停用”。确定停用？"
              okText="停用"
              onConfirm={() => retire.mutate(c.contactId, { onSuccess: () => toast('success', '已停用') })}
            />
          ) : null}
        </Space>
      ),
    },
  ]

  return (
    <>
      <Form
        layout="inline"
        onFinish={(v: { channel?: CsChannel; status?: CsContact['status']; keyword?: string }) => {
          setPage((p) => ({ ...p, pageNum: 1 }))
          setFilters({
            ...(v.channel ? { channel: v.channel } : {}),
            ...(v.status ? { status: v.status } : {}),
            ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
          })
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="channel">
          <Select allowClear placeholder="类型" options={channelOptions} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder="状态"
            options={[
              { value: 'ACTIVE', label: '在用' },
              { value: 'RETIRED', label: '已停用' },
            ]}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder="联系方式或客服名称" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
        <Button style={{ marginLeft: 'auto' }} onClick={() => setDialog({ open: true, contact: null })}>
          添加联系方式
        </Button>
      </Form>
      <QueryTable<CsContact>
        list={list}
        errorTitle="联系方式加载失败"
        rowKey="contactId"
        columns={columns}
        paging={(total) =>
          pagination(page, total, (pageNum, pageSize) => setPage({ pageNum, pageSize }), { sizes: false })
        }
      />
      <ContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onClose={() => setDialog({ open: false, contact: null })}
      />
    </>
  )
}

function Suspicious() {
  const [days, setDays] = useState(7)
  const top = useQuery(csUnknownTopQuery(days))
  const columns: ColumnsType<CsUnknownCheck> = [
    { title: '类型', dataIndex: 'channel', width: 80, render: (c: CsChannel) => CS_CHANNEL_LABELS[c] },
    { title: '联系方式', dataIndex: 'value' },
    { title: '查询次数', dataIndex: 'checks', width: 100 },
    { title: '查询人数（IP）', dataIndex: 'visitors', width: 130 },
    {
      title: '最近查询',
      dataIndex: 'lastCheckedAt',
      width: 160,
      render: (t: number) => parseTime(t, 'YYYY-MM-DD HH:mm'),
    },
  ]
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <span>统计范围</span>
        <Select
          value={days}
          onChange={setDays}
          options={[1, 7, 30, 90].map((d) => ({ value: d, label: `最近 ${d} 天` }))}
          style={{ width: 120 }}
        />
        <span>被多人查询的非官方号码，很可能是冒充客服的骗子</span>
      </Space>
      <QueryTable<CsUnknownCheck>
        list={top}
        errorTitle="统计加载失败"
        rowKey={(r) => `${r.channel}:${r.value}`}
        columns={columns}
        pagination={false}
      />
    </>
  )
}

export default function CsContactsPage() {
  return (
    <Card title="客服账号">
      <Tabs
        items={[
          { key: 'contacts', label: '官方联系方式', children: <Contacts /> },
          { key: 'suspicious', label: '可疑号码', children: <Suspicious /> },
        ]}
      />
    </Card>
  )
}
