/**
 * 设置 / 更换发货账号 of one listing: a form built from the game's transfer fields. The saved values
 * are only shown masked; a field left empty keeps (or, when optional, clears) what was saved.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Form, Modal, Skeleton } from 'antd'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import type { DeliveryAccount } from '@shared/api/delivery'
import { normaliseTransferValue } from '@shared/rules/transfer'
import { transferConfigQuery } from '@renderer/api/game'
import { useSaveDeliveryAccount } from '@renderer/api/seller'
import { TransferFieldInput, transferFieldRule } from '@renderer/components/TransferFieldInput'
import { errorToShow } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { validated } from '@renderer/utils/form'

export function AccountModal({
  account,
  onClose,
  onSaved,
}: {
  account: DeliveryAccount
  onClose: () => void
  onSaved: () => void
}) {
  const [form] = Form.useForm<Record<string, string>>()
  const current = account.saved ? account : undefined
  const config = useQuery(transferConfigQuery(account.gameId))
  const saving = useSaveDeliveryAccount()
  const [error, setError] = useState('')
  const fields = config.data?.fields ?? []

  const save = async () => {
    const values = await validated(form)
    if (!values) return
    setError('')
    const clean: Record<string, string> = {}
    for (const field of fields) {
      const value = normaliseTransferValue(field, values[field.key] ?? '')
      if (value) clean[field.key] = value
    }
    saving.mutate(
      { goodsId: account.goodsId, fields: clean },
      {
        onSuccess: () => {
          form.resetFields()
          toast('success', current ? '发货账号已更换' : '发货账号已保存')
          onSaved()
        },
        onError: (err) => {
          setError(errorToShow(err, '保存失败') ?? '')
        },
      },
    )
  }

  return (
    <Modal
      open
      title={current ? '更换发货账号' : '设置发货账号'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving.isPending}
      okButtonProps={{ disabled: !config.data }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <p className="modal-goods-title">{account.goodsTitle}</p>
      <Alert
        className="account-modal__note"
        type="info"
        showIcon
        icon={<SafetyCertificateOutlined />}
        title="账号信息加密保存，只在买家付款后交付给买家；保存后您也只能看到打码后的内容。"
      />
      {config.error ? (
        <ErrorAlert error={config.error} fallback="交付信息配置加载失败" />
      ) : !config.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          autoComplete="off"
          onFinish={() => void save().catch(() => undefined)}
        >
          {fields.map((field) => (
            <Form.Item
              key={field.key}
              name={field.key}
              label={field.label}
              extra={
                current?.fields[field.key]
                  ? `当前：${current.fields[field.key]}（不填写则${field.required ? '需重新填写' : '清空'}）`
                  : undefined
              }
              rules={[transferFieldRule(field)]}
            >
              <TransferFieldInput field={field} />
            </Form.Item>
          ))}
        </Form>
      )}
      <ErrorAlert error={error} />
    </Modal>
  )
}
