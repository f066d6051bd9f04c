/**
 * 参数设置: every system parameter with its Chinese name and rule; editing a known parameter checks
 * its type and range here and on the server (configProblem), an unknown one is text. A change applies
 * at once, no restart. Permissions system:config:list and system:config:edit.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Input, Modal, Select, Table, Tag } from 'antd'
import { CONFIG_VALUE_MAX, configProblem, type ConfigKind, type StaffConfig } from '@shared/api/system'
import { PERMS } from '@shared/permissions'
import { staffConfigsQuery, useEditConfig } from '@renderer/api/system'
import { HasPermi } from '@renderer/components/HasPermi'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

const KIND_LABELS: Record<ConfigKind, string> = {
  boolean: '开关',
  integer: '整数',
  intList: '整数列表',
  hours: '时间段',
  url: '网址',
  text: '文本',
}

function EditDialog({ config, onClose }: { config: StaffConfig | null; onClose: () => void }) {
  const [form] = Form.useForm<{ configValue: string }>()
  const edit = useEditConfig()
  const spec = config?.spec ?? null
  return (
    <Modal
      open={config !== null}
      title={`修改参数：${spec?.label ?? config?.configName ?? ''}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={edit.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {config ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ configValue: config.configValue }}
          onValuesChange={() => edit.isError && edit.reset()}
          onFinish={({ configValue }) =>
            edit.mutate({ configKey: config.configKey, configValue }, { onSuccess: onClose })
          }
        >
          <p>
            键名：<code>{config.configKey}</code>
          </p>
          {spec ? <Alert type="info" style={{ marginBottom: 12 }} title={spec.description} /> : null}
          <Form.Item
            name="configValue"
            label="参数值"
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const v = spec && spec.kind !== 'text' ? (value ?? '').trim() : (value ?? '')
                  const problem = configProblem(config.configKey, v)
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
                },
              },
            ]}
          >
            {spec?.kind === 'boolean' ? (
              <Select
                aria-label="参数值"
                options={[
                  { value: 'true', label: '开启（true）' },
                  { value: 'false', label: '关闭（false）' },
                ]}
              />
            ) : (
              <Input aria-label="参数值" maxLength={CONFIG_VALUE_MAX} />
            )}
          </Form.Item>
          <ErrorAlert error={edit.error} showIcon={false} />
        </Form>
      ) : null}
    </Modal>
  )
}

export default function ConfigManagePage() {
  const configs = useQuery(staffConfigsQuery())
  const [keyword, setKeyword] = useState('')
  const [editing, setEditing] = useState<StaffConfig | null>(null)
  const k = keyword.trim().toLowerCase()
  const rows = (configs.data ?? []).filter(
    (c) => !k || [c.configKey, c.configName, c.spec?.label ?? ''].some((s) => s.toLowerCase().includes(k)),
  )
  return (
    <>
      <div className="console-filters">
        <Input.Search
          allowClear
          placeholder="参数名称或键名"
          style={{ width: 260 }}
          onSearch={setKeyword}
          aria-label="搜索参数"
        />
      </div>
      <ErrorAlert error={configs.error} fallback="参数加载失败" onRetry={() => void configs.refetch()} />
      <Table<StaffConfig>
        rowKey="configKey"
        size="middle"
        loading={configs.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          {
            title: '参数名称',
            key: 'name',
            render: (_, c) => c.spec?.label ?? c.configName,
            width: 180,
          },
          { title: '键名', dataIndex: 'configKey', width: 220, render: (v: string) => <code>{v}</code> },
          {
            title: '参数值',
            dataIndex: 'configValue',
            render: (v: string) => (v === '' ? <span style={{ color: '#999' }}>（空）</span> : v),
          },
          {
            title: '类型',
            key: 'kind',
            width: 90,
            render: (_, c) => <Tag>{c.spec ? KIND_LABELS[c.spec.kind] : '文本'}</Tag>,
          },
          { title: '说明', key: 'desc', render: (_, c) => c.spec?.description ?? c.configName },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, c) =>
              c.spec?.readOnly ? (
                <span style={{ color: '#999' }}>系统维护</span>
              ) : (
                <HasPermi permissions={[PERMS.configEdit]}>
                  <a onClick={() => setEditing(c)}>修改</a>
                </HasPermi>
              ),
          },
        ]}
      />
      <EditDialog key={editing?.configKey ?? ''} config={editing} onClose={() => setEditing(null)} />
    </>
  )
}
