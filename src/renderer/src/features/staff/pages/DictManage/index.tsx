/**
 * 字典管理: the dictionaries and their entries (disabled ones too). Entries the app's code uses
 * (内置) keep their value and cannot be deleted — label, colour and sort may change; a state
 * dictionary's built-in entries stay enabled (the server says why). Entries staff add are fully
 * editable. After a change every cached dictionary of this browser is reloaded.
 * Permissions system:dict:list and system:dict:edit.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Tag,
} from 'antd'
import {
  DICT_LIST_CLASSES,
  type DictAddBody,
  type StaffDictEntry,
  type StaffDictType,
} from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import {
  dictEntriesQuery,
  dictTypesQuery,
  useAddDictEntry,
  useEditDictEntry,
  useRemoveDictEntry,
} from '@renderer/api/system'
import { HasPermi } from '@renderer/components/HasPermi'
import { DictTag, listClassColour } from '../../parts/dict'
import { QueryTable } from '../../parts/QueryTable'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const CLASS_OPTIONS = DICT_LIST_CLASSES.map((c) => ({
  value: c,
  label: c === '' ? '无' : <Tag color={listClassColour(c)}>{c}</Tag>,
}))

type Values = Omit<DictAddBody, 'dictType'>

/** Adds an entry (`entry` null) or edits one. */
function EntryDialog({
  open,
  dictType,
  entry,
  onClose,
}: {
  open: boolean
  dictType: string
  entry: StaffDictEntry | null
  onClose: () => void
}) {
  const [form] = Form.useForm<Values>()
  const add = useAddDictEntry()
  const edit = useEditDictEntry()
  const saving = entry ? edit : add
  const initial: Values = entry
    ? {
        dictValue: entry.dictValue,
        dictLabel: entry.dictLabel,
        listClass: entry.listClass as Values['listClass'],
        dictSort: entry.dictSort,
        status: entry.status,
      }
    : { dictValue: '', dictLabel: '', listClass: '', dictSort: 1, status: '0' }
  return (
    <Modal
      open={open}
      title={entry ? `修改字典项：${entry.dictLabel}` : `新增字典项（${dictType}）`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {entry?.builtin ? (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          title="系统使用的字典项：键值不能修改，也不能删除；可修改标签、颜色和排序"
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onValuesChange={() => saving.isError && saving.reset()}
        onFinish={(v) => {
          const common = {
            dictLabel: v.dictLabel.trim(),
            listClass: v.listClass,
            dictSort: v.dictSort,
            status: v.status,
          }
          if (entry)
            edit.mutate(
              { dictCode: entry.dictCode, ...common, ...(entry.builtin ? {} : { dictValue: v.dictValue }) },
              { onSuccess: onClose },
            )
          else add.mutate({ dictType, dictValue: v.dictValue, ...common }, { onSuccess: onClose })
        }}
      >
        <Form.Item
          name="dictValue"
          label="字典键值"
          rules={[
            { required: true, message: '请填写字典键值' },
            { pattern: /^[A-Za-z0-9_.:-]{1,100}$/, message: '键值只能包含字母、数字和 _ . : -' },
          ]}
        >
          <Input aria-label="字典键值" maxLength={100} disabled={entry?.builtin} />
        </Form.Item>
        <Form.Item
          name="dictLabel"
          label="字典标签"
          rules={[{ required: true, whitespace: true, message: '请填写字典标签' }]}
        >
          <Input aria-label="字典标签" maxLength={50} />
        </Form.Item>
        <Form.Item name="listClass" label="标签颜色">
          <Select aria-label="标签颜色" options={CLASS_OPTIONS} />
        </Form.Item>
        <Form.Item name="dictSort" label="排序" rules={[{ required: true, message: '请填写排序' }]}>
          <InputNumber aria-label="排序" min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            aria-label="状态"
            options={[
              { value: '0', label: '正常' },
              { value: '1', label: '停用' },
            ]}
          />
        </Form.Item>
        <ErrorAlert error={saving.error} showIcon={false} />
      </Form>
    </Modal>
  )
}

function Entries({ dictType }: { dictType: string }) {
  const entries = useQuery(dictEntriesQuery(dictType))
  const remove = useRemoveDictEntry()
  const [dialog, setDialog] = useState<{ entry: StaffDictEntry | null } | null>(null)
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <strong>{dictType}</strong>
        <HasPermi permissions={[PERMS.dictEdit]}>
          <Button type="primary" size="small" onClick={() => setDialog({ entry: null })}>
            新增字典项
          </Button>
        </HasPermi>
      </Space>
      <QueryTable<StaffDictEntry>
        list={entries}
        errorTitle="字典加载失败"
        rowKey="dictCode"
        size="small"
        pagination={false}
        columns={[
          { title: '键值', dataIndex: 'dictValue', render: (v: string) => <code>{v}</code> },
          {
            title: '标签',
            key: 'label',
            render: (_, e) => <Tag color={listClassColour(e.listClass)}>{e.dictLabel}</Tag>,
          },
          { title: '排序', dataIndex: 'dictSort', width: 60 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: string) => <DictTag dictType="sys_normal_disable" value={v} />,
          },
          {
            title: '来源',
            dataIndex: 'builtin',
            width: 70,
            render: (b: boolean) => (b ? <Tag color="blue">内置</Tag> : <Tag>自定义</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 110,
            render: (_, e) => (
              <HasPermi permissions={[PERMS.dictEdit]}>
                <Space size="small">
                  <a onClick={() => setDialog({ entry: e })}>修改</a>
                  {e.builtin ? null : (
                    <Popconfirm
                      title={`删除字典项「${e.dictLabel}」？`}
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => remove.mutate(e.dictCode)}
                    >
                      <a style={{ color: 'var(--ant-color-error)' }}>删除</a>
                    </Popconfirm>
                  )}
                </Space>
              </HasPermi>
            ),
          },
        ]}
      />
      <EntryDialog
        key={dialog ? (dialog.entry?.dictCode ?? 'new') : 'closed'}
        open={dialog !== null}
        dictType={dictType}
        entry={dialog?.entry ?? null}
        onClose={() => setDialog(null)}
      />
    </>
  )
}

export default function DictManagePage() {
  const types = useQuery(dictTypesQuery())
  const [selected, setSelected] = useState<string | null>(null)
  const current = selected ?? types.data?.[0]?.dictType ?? null
  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <QueryTable<StaffDictType>
          list={types}
          errorTitle="字典加载失败"
          rowKey="dictType"
          size="small"
          pagination={false}
          rowClassName={(t) => (t.dictType === current ? 'ant-table-row-selected' : '')}
          onRow={(t) => ({ onClick: () => setSelected(t.dictType), style: { cursor: 'pointer' } })}
          columns={[
            { title: '字典名称', dataIndex: 'dictName' },
            { title: '字典类型', dataIndex: 'dictType', render: (v: string) => <code>{v}</code> },
            { title: '启用/全部', key: 'n', width: 90, render: (_, t) => `${t.enabled}/${t.entries}` },
          ]}
        />
      </Col>
      <Col xs={24} md={15}>
        {current ? <Entries key={current} dictType={current} /> : null}
      </Col>
    </Row>
  )
}
