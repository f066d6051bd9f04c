/**
 * The add / edit dialog of a console list: 保存 (or `okText`) and 取消 around a vertical form that starts from
 * `initialValues` each time it opens (the form is destroyed on close; nothing is kept).
 */
import type { ReactNode } from 'react'
import { Form, Modal, type FormInstance } from 'antd'

export function FormModal<V extends object>({
  open,
  title,
  okText = '保存',
  width,
  loading,
  okDisabled,
  onCancel,
  form,
  name,
  initialValues,
  onFinish,
  children,
}: {
  open: boolean
  title: ReactNode
  /** the confirming button (default 保存) */
  okText?: string
  width?: number
  loading: boolean
  okDisabled?: boolean
  onCancel: () => void
  /** the caller's instance, when it watches fields */
  form?: FormInstance<V>
  /** the form's name (prefixes the field ids) */
  name?: string
  initialValues?: Partial<V>
  onFinish: (values: V) => void
  children: ReactNode
}) {
  const [own] = Form.useForm<V>(form)
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      width={width}
      confirmLoading={loading}
      okButtonProps={okDisabled === undefined ? undefined : { disabled: okDisabled }}
      onCancel={onCancel}
      onOk={() => own.submit()}
      destroyOnHidden
    >
      <Form<V>
        form={own}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  )
}
