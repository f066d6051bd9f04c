/**
 * The game's attribute fields of a goods type (getGameConfig), rendered by kind inside an antd Form:
 * select → Select, multiselect → multiple Select, number → InputNumber (range, unit), text → Input,
 * boolean → 是/否. Values live under `attributes.<key>`; required fields and ranges are checked by
 * the rules of publish-form.ts (and again by the server).
 */
import './attribute-fields.css'
import { Form, Input, InputNumber, Radio, Select } from 'antd'
import type { AttributeField } from '@shared/api/game'
import { ATTRIBUTE_TEXT_MAX, checkAttribute } from './publish-form'

function control(field: AttributeField) {
  const placeholder =
    field.kind === 'select' || field.kind === 'multiselect' ? `请选择${field.label}` : `请填写${field.label}`
  switch (field.kind) {
    case 'select':
      return (
        <Select
          allowClear={!field.required}
          showSearch
          placeholder={placeholder}
          aria-label={field.label}
          options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      )
    case 'multiselect':
      return (
        <Select
          mode="multiple"
          allowClear
          placeholder={placeholder}
          aria-label={field.label}
          maxTagCount="responsive"
          options={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      )
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          precision={0}
          placeholder={
            field.min !== undefined && field.max !== undefined ? `${field.min} - ${field.max}` : placeholder
          }
          aria-label={field.label}
          suffix={field.unit}
        />
      )
    case 'boolean':
      return (
        <Radio.Group
          aria-label={field.label}
          options={[
            { value: true, label: '是' },
            { value: false, label: '否' },
          ]}
        />
      )
    default:
      return (
        <Input placeholder={placeholder} aria-label={field.label} maxLength={ATTRIBUTE_TEXT_MAX} allowClear />
      )
  }
}

export function AttributeFields({ fields }: { fields: readonly AttributeField[] }) {
  if (fields.length === 0) return null
  return (
    <div className="attribute-fields">
      {fields.map((field) => (
        <Form.Item
          key={field.key}
          name={['attributes', field.key]}
          label={field.label}
          required={field.required}
          className={field.kind === 'multiselect' ? 'attribute-fields__wide' : undefined}
          rules={[
            {
              validator: (_, value: unknown) => {
                const message = checkAttribute(field, value)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          {control(field)}
        </Form.Item>
      ))}
    </div>
  )
}

export default AttributeFields
