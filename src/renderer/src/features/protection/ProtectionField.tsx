/**
 * 包赔 on the publish form (docs/recovery-protection.md): an account listing may offer a protection
 * period of the parameter's choices; the form field `protectionDays` (0: none) goes with the publish or
 * edit. Editing loads the listing's current terms; until they arrive the field stays empty, so a quick
 * save leaves them as they are.
 */
import './protection.css'
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, InputNumber, Radio, Space } from 'antd'
import { protectionOptionsQuery, protectionTermsQuery } from '@renderer/api/protection'
import { shortYuan } from '@shared/list-query'

export function ProtectionField({ goodsType, goodsId }: { goodsType: string; goodsId?: number }) {
  const form = Form.useFormInstance()
  const isAccount = goodsType === 'ACCOUNT'
  const options = useQuery({ ...protectionOptionsQuery(), enabled: isAccount })
  const terms = useQuery({
    ...protectionTermsQuery(goodsId ?? 0),
    enabled: isAccount && goodsId !== undefined,
  })
  const current = terms.data?.days
  const currentExtra = terms.data?.extra
  useEffect(() => {
    if (current !== undefined) form.setFieldValue('protectionDays', current)
  }, [current, form])
  useEffect(() => {
    if (currentExtra === undefined) return
    form.setFieldValue('protectionExtraFee', currentExtra ? shortYuan(currentExtra.fee) : '')
    form.setFieldValue('protectionExtraDays', currentExtra ? currentExtra.days : null)
  }, [currentExtra, form])
  const days = Form.useWatch('protectionDays', form) as number | undefined
  if (!isAccount || !options.data) return null
  const { dayOptions, depositPercent } = options.data
  return (
    <>
      <ProtectionDays dayOptions={dayOptions} depositPercent={depositPercent} fresh={goodsId === undefined} />
      {days && days > 0 ? (
        <Form.Item
          label="额外包赔（选填）"
          extra="买家下单时可加购：支付该费用后保障期再延长所填天数，费用计入订单金额，随货款结算给您；订单退款时一并退回买家。不填则不提供。"
        >
          <Space wrap>
            <Form.Item
              name="protectionExtraFee"
              noStyle
              rules={[{ pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '额外包赔费用最多两位小数' }]}
            >
              <Input
                aria-label="额外包赔费用（元）"
                placeholder="费用（元）"
                style={{ width: 140 }}
                inputMode="decimal"
              />
            </Form.Item>
            <Form.Item name="protectionExtraDays" noStyle>
              <InputNumber
                aria-label="额外包赔延长天数"
                placeholder="延长天数"
                min={1}
                max={365}
                precision={0}
                style={{ width: 140 }}
              />
            </Form.Item>
          </Space>
        </Form.Item>
      ) : null}
    </>
  )
}

function ProtectionDays({
  dayOptions,
  depositPercent,
  fresh,
}: {
  dayOptions: number[]
  depositPercent: number
  fresh: boolean
}) {
  return (
    <Form.Item
      name="protectionDays"
      label="包赔服务"
      initialValue={fresh ? 0 : undefined}
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
