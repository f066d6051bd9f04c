/**
 * 包赔 on the publish form (docs/recovery-protection.md): an account listing may offer a protection
 * period of the parameter's choices; the form field `protectionDays` (0: none) goes with the publish or
 * edit. Editing loads the listing's current terms; until they arrive the field stays empty, so a quick
 * save leaves them as they are.
 */
import './protection.css'
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Form, Radio } from 'antd'
import { protectionOptionsQuery, protectionTermsQuery } from '@renderer/api/protection'

export function ProtectionField({ goodsType, goodsId }: { goodsType: string; goodsId?: number }) {
  const form = Form.useFormInstance()
  const isAccount = goodsType === 'ACCOUNT'
  const options = useQuery({ ...protectionOptionsQuery(), enabled: isAccount })
  const terms = useQuery({
    ...protectionTermsQuery(goodsId ?? 0),
    enabled: isAccount && goodsId !== undefined,
  })
  const current = terms.data?.days
  useEffect(() => {
    if (current !== undefined) form.setFieldValue('protectionDays', current)
  }, [current, form])
  if (!isAccount || !options.data) return null
  const { dayOptions, depositPercent } = options.data
  return (
    <Form.Item
      name="protectionDays"
      label="包赔服务"
      initialValue={goodsId === undefined ? 0 : undefined}
      extra={`承诺包赔后，买家确认收货起在期限内账号被找回可申请理赔；货款结算时冻结成交价的 ${depositPercent}% 作保证金，期满无理赔自动解冻。`}
    >
      <Radio.Group
        aria-label="包赔期限"
        options={[
          { value: 0, label: '不提供' },
          ...dayOptions.map((d) => ({ value: d, label: `包赔 ${d} 天` })),
        ]}
      />
    </Form.Item>
  )
}
