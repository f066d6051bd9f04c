/**
 * The staff actions of the 代售审核 drawer: the 验号 checklist, the credentials (every view logged by
 * the server), publishing at a price (never under the owner's floor, checked here and on the server),
 * and delivering a sold one (the stored credentials, completed here when some are missing).
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Form, Input, Skeleton, Space, Switch } from 'antd'
import { AGENCY_LIMITS, type StaffAgencyApplication } from '@shared/api/agency'
import { GOODS_LIMITS } from '@shared/api/goods'
import {
  useCheckAgency,
  useDeliverAgency,
  usePublishAgency,
  useRevealAgencyCredentials,
} from '@renderer/api/agency'
import { transferConfigQuery } from '@renderer/api/game'
import { TransferFieldInput } from '@renderer/components/TransferFieldInput'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { errorToShow } from '@renderer/utils/api-error'
import { fenToYuan, priceError, yuanToFen } from '@renderer/utils/money'
import { toast } from '@renderer/utils/toast'
import { yuanText } from '../../parts/table'

export function ChecklistForm({ app }: { app: StaffAgencyApplication }) {
  const check = useCheckAgency()
  const [error, setError] = useState('')
  const recorded = new Map(app.checks.map((c) => [c.key, c]))
  const [form] = Form.useForm<Record<string, { passed: boolean; note?: string }>>()
  return (
    <Form
      form={form}
      layout="inline"
      className="agency-checklist"
      initialValues={Object.fromEntries(
        app.checklist.map((i) => [
          i.key,
          { passed: recorded.get(i.key)?.passed ?? false, note: recorded.get(i.key)?.note ?? '' },
        ]),
      )}
      onFinish={(values) => {
        setError('')
        check.mutate(
          {
            applicationId: app.applicationId,
            checks: app.checklist.map((i) => ({
              key: i.key,
              passed: Boolean(values[i.key]?.passed),
              note: (values[i.key]?.note ?? '').trim(),
            })),
          },
          {
            onSuccess: () => toast('success', '验号结果已保存'),
            onError: (e) => setError(errorToShow(e, '保存失败') ?? ''),
          },
        )
      }}
    >
      {app.checklist.map((i) => (
        <Space key={i.key} style={{ width: '100%', marginBottom: 8 }}>
          <Form.Item name={[i.key, 'passed']} valuePropName="checked" noStyle>
            <Switch checkedChildren="通过" unCheckedChildren="未通过" aria-label={i.label} />
          </Form.Item>
          <span style={{ minWidth: 120, display: 'inline-block' }}>{i.label}</span>
          <Form.Item name={[i.key, 'note']} noStyle>
            <Input placeholder="备注" maxLength={AGENCY_LIMITS.noteMax} aria-label={`${i.label}备注`} />
          </Form.Item>
        </Space>
      ))}
      {error ? <ErrorAlert error={error} style={{ width: '100%', marginBottom: 8 }} /> : null}
      <Button type="primary" htmlType="submit" loading={check.isPending}>
        保存验号结果
      </Button>
    </Form>
  )
}

export function Credentials({ applicationId }: { applicationId: number }) {
  const reveal = useRevealAgencyCredentials()
  if (!reveal.data)
    return (
      <Button onClick={() => reveal.mutate(applicationId)} loading={reveal.isPending}>
        查看账号信息（记录日志）
      </Button>
    )
  return (
    <Descriptions size="small" column={1} bordered>
      {reveal.data.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          <span style={{ fontFamily: 'monospace' }}>{f.value}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  )
}

export function PublishForm({ app }: { app: StaffAgencyApplication }) {
  const publish = usePublishAgency()
  const [price, setPrice] = useState(fenToYuan(app.listedPrice ?? app.askingPrice))
  const [error, setError] = useState('')
  const floor = app.negotiable && app.floorPrice !== null ? app.floorPrice : app.askingPrice
  const submit = () => {
    const fen = yuanToFen(price)
    const problem =
      priceError(fen, GOODS_LIMITS) ||
      (fen !== null && fen < floor ? `上架价格不能低于 ${yuanText(floor)}` : '')
    if (problem) return setError(problem)
    setError('')
    publish.mutate(
      { applicationId: app.applicationId, price: fen as number },
      {
        onSuccess: () => toast('success', '已上架为官方代售'),
        onError: (e) => setError(errorToShow(e, '上架失败') ?? ''),
      },
    )
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Input
          prefix="¥"
          suffix="元"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-label="上架价格（元）"
          style={{ width: 200 }}
        />
        <Button type="primary" onClick={submit} loading={publish.isPending}>
          上架为官方代售
        </Button>
      </Space>
      <span style={{ color: '#6b7280' }}>
        {app.negotiable ? `用户允许议价，最低 ${yuanText(floor)}` : `用户不议价，不低于 ${yuanText(floor)}`}
      </span>
      <ErrorAlert error={error} />
    </Space>
  )
}

export function DeliverForm({ app }: { app: StaffAgencyApplication }) {
  const transfer = useQuery(transferConfigQuery(app.gameId))
  const deliver = useDeliverAgency()
  const [error, setError] = useState('')
  if (!transfer.data) return <Skeleton active />
  const missing = transfer.data.fields.filter((f) => !app.credentialFields.includes(f.label))
  return (
    <Form<Record<string, string | undefined>>
      layout="vertical"
      onFinish={(values) => {
        setError('')
        const fields = Object.fromEntries(
          Object.entries(values).filter((e): e is [string, string] => Boolean(e[1]?.trim())),
        )
        deliver.mutate(
          { applicationId: app.applicationId, fields },
          {
            onSuccess: () => toast('success', '已交付买家'),
            onError: (e) => setError(errorToShow(e, '交付失败') ?? ''),
          },
        )
      }}
    >
      <p>
        订单 {app.order?.orderNo} 待交付：将用户提交的账号信息交给买家
        {missing.length ? '，请补全以下信息' : ''}。
      </p>
      {missing.map((f) => (
        <Form.Item key={f.key} name={f.key} label={f.label}>
          <TransferFieldInput field={f} />
        </Form.Item>
      ))}
      <ErrorAlert error={error} style={{ marginBottom: 8 }} />
      <Button type="primary" htmlType="submit" loading={deliver.isPending}>
        交付买家
      </Button>
    </Form>
  )
}
