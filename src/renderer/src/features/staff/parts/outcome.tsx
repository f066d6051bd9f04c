/**
 * The 状态 of a log row (登录日志, 操作日志): it went through, or it did not (failed, refused). One
 * filter and one tag for both pages; each log names its own two values.
 */
import { Form, Select, Tag } from 'antd'

export interface Outcomes {
  ok: { value: string; label: string }
  not: { value: string; label: string }
}

/** The 状态 filter of a log page's FilterForm. */
export function OutcomeFilter({ outcomes }: { outcomes: Outcomes }) {
  return (
    <Form.Item name="status" label="状态">
      <Select allowClear style={{ width: 120 }} options={[outcomes.ok, outcomes.not]} />
    </Form.Item>
  )
}

/** The 状态 column's render: green for ok, red otherwise. */
export const outcomeTag = (outcomes: Outcomes) => (status: string) =>
  status === outcomes.ok.value ? (
    <Tag color="success">{outcomes.ok.label}</Tag>
  ) : (
    <Tag color="error">{outcomes.not.label}</Tag>
  )
