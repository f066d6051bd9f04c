/**
 * 申请代售: the game, its area/server and account attributes (the game's config, as the publish form),
 * title and description, the asking price, whether staff may negotiate down to a floor price,
 * screenshots, and the account's credentials (the game's transfer fields; sealed at rest, shown to
 * staff for 验号 and handed to the buyer). Prices are typed in 元 and sent as exact fen.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Col, Form, Input, Row, Select, Switch } from 'antd'
import { AGENCY_LIMITS, agencyCommissionOf, type AgencyApplyBody } from '@shared/api/agency'
import { GOODS_LIMITS } from '@shared/api/goods'
import { agencyTermsQuery, useApplyAgency } from '@renderer/api/agency'
import {
  gameAreasQuery,
  gameConfigQuery,
  gamesQuery,
  sortGames,
  transferConfigQuery,
} from '@renderer/api/game'
import { attributeFieldsOf, typeConfigOf } from '@renderer/components/listing-attributes'
import { TransferFieldInput } from '@renderer/components/TransferFieldInput'
import { AttributeFields } from '@renderer/features/seller/AttributeFields'
import { ImageUploader } from '@renderer/features/seller/ImageUploader'
import { PlaceFields } from '@renderer/features/seller/CompleteInfoPage/PlaceFields'
import { rule, type FormValues } from '@renderer/features/seller/CompleteInfoPage/form-parts'
import {
  checkPrice,
  checkTitle,
  cleanAttributes,
  imageIdsOf,
  shotsProblem,
} from '@renderer/features/seller/publish-form'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { errorToShow } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { normaliseTransferValue, transferValueProblem } from '@shared/rules/transfer'

interface ApplyValues extends FormValues {
  negotiable?: boolean
  floorPrice?: string
  credentials?: Record<string, string | undefined>
}

export function ApplyForm({ onApplied }: { onApplied: () => void }) {
  const [form] = Form.useForm<ApplyValues>()
  const games = useQuery(gamesQuery())
  const [gameId, setGameId] = useState<number | null>(null)
  const config = useQuery({ ...gameConfigQuery(gameId ?? 0), enabled: gameId !== null })
  const areas = useQuery({ ...gameAreasQuery(gameId ?? 0), enabled: gameId !== null })
  const transfer = useQuery({ ...transferConfigQuery(gameId ?? 0), enabled: gameId !== null })
  const apply = useApplyAgency()
  const [refusal, setRefusal] = useState('')
  const negotiable = Form.useWatch('negotiable', form)
  const askingText = Form.useWatch('price', form) as string | undefined
  const terms = useQuery({ ...agencyTermsQuery(gameId ?? 0), enabled: gameId !== null })

  const game = games.data?.find((g) => g.gameId === gameId)
  const typeConfig = typeConfigOf(config.data, 'ACCOUNT')
  const fields = attributeFieldsOf(config.data, 'ACCOUNT')
  const transferFields = transfer.data?.fields ?? []

  const submit = (values: ApplyValues) => {
    setRefusal('')
    if (gameId === null) return setRefusal('请选择游戏')
    const shots = values.images ?? []
    const problem = shotsProblem(shots)
    if (problem) return setRefusal(problem)
    if (shots.length === 0) return setRefusal('请至少上传 1 张账号截图')
    const credentials = Object.fromEntries(
      Object.entries(values.credentials ?? {}).filter((e): e is [string, string] => Boolean(e[1]?.trim())),
    )
    if (Object.keys(credentials).length === 0) return setRefusal('请填写账号信息')
    const body: AgencyApplyBody = {
      gameId,
      title: values.title.trim(),
      description: (values.description ?? '').trim(),
      attributes: cleanAttributes(fields, values.attributes),
      askingPrice: yuanToFen(values.price) as number,
      negotiable: Boolean(values.negotiable),
      imageIds: imageIdsOf(shots),
      credentials,
    }
    if (values.negotiable) body.floorPrice = yuanToFen(values.floorPrice ?? '') as number
    if (values.platform) body.platform = values.platform
    if (values.areaId !== undefined && values.areaId !== null) body.areaId = values.areaId
    if (values.serverId !== undefined && values.serverId !== null) body.serverId = values.serverId
    apply.mutate(body, {
      onSuccess: () => {
        toast('success', '代售申请已提交，客服将尽快为您验号')
        form.resetFields()
        setGameId(null)
        onApplied()
      },
      onError: (error) => setRefusal(errorToShow(error, '提交失败，请稍后再试') ?? ''),
    })
  }

  return (
    <Form<ApplyValues>
      form={form}
      layout="vertical"
      initialValues={{ negotiable: false, attributes: {}, images: [] }}
      onFinish={submit}
      onValuesChange={() => refusal && setRefusal('')}
      className="agency-form"
      aria-label="代售申请"
    >
      <Alert
        type="info"
        showIcon
        className="agency-form__intro"
        title="官方代售：您把账号交给平台，客服验号后以「官方代售」上架，售出后由平台交付；买家确认收货后，成交价扣除代售佣金结算至您的余额。申请需要完成实名认证。"
      />
      <Form.Item label="游戏" required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择游戏"
          aria-label="游戏"
          loading={games.isPending}
          value={gameId ?? undefined}
          onChange={(value: number) => {
            setGameId(value)
            form.setFieldsValue({
              platform: undefined,
              areaId: undefined,
              serverId: undefined,
              attributes: {},
            })
          }}
          options={sortGames(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
        />
      </Form.Item>
      {game && areas.data && config.data ? (
        typeConfig ? (
          <>
            <PlaceFields
              form={form}
              platforms={game.platforms ?? []}
              areas={areas.data}
              needServer={typeConfig.requireServer}
            />
            {fields.length > 0 ? <AttributeFields fields={fields} /> : null}
          </>
        ) : (
          <Alert type="warning" showIcon title={`${game.nameCn}暂不支持账号代售`} />
        )
      ) : null}
      <Form.Item name="title" label="标题" required rules={[rule(checkTitle)]}>
        <Input
          maxLength={AGENCY_LIMITS.titleMax}
          showCount
          placeholder="如：王者 120 皮肤 全英雄 可换绑"
          aria-label="标题"
        />
      </Form.Item>
      <Form.Item name="description" label="账号描述">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={AGENCY_LIMITS.descriptionMax}
          showCount
          aria-label="账号描述"
          placeholder="等级、皮肤、绑定情况等，请勿填写联系方式"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="price" label="期望售价（元）" required rules={[rule(checkPrice)]}>
            <Input prefix="¥" inputMode="decimal" maxLength={14} aria-label="期望售价（元）" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="negotiable" label="允许客服议价" valuePropName="checked">
            <Switch aria-label="允许客服议价" />
          </Form.Item>
        </Col>
        {negotiable ? (
          <Col xs={24} md={8}>
            <Form.Item
              name="floorPrice"
              label="最低价（元）"
              required
              dependencies={['price']}
              rules={[
                rule((v: string | undefined) => checkPrice(v ?? '')),
                ({ getFieldValue }) => ({
                  validator: (_r, v: string | undefined) => {
                    const floor = yuanToFen(v ?? '')
                    const asking = yuanToFen(getFieldValue('price') as string)
                    return floor !== null && asking !== null && floor > asking
                      ? Promise.reject(new Error('最低价不能高于期望售价'))
                      : Promise.resolve()
                  },
                }),
              ]}
            >
              <Input prefix="¥" inputMode="decimal" maxLength={14} aria-label="最低价（元）" />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <CommissionLine percent={terms.data?.commissionPercent} askingFen={yuanToFen(askingText ?? '')} />
      <Form.Item
        name="images"
        label={`账号截图（1 – ${GOODS_LIMITS.imagesMax} 张，第一张为封面）`}
        required
        valuePropName="value"
      >
        <ImageUploader max={AGENCY_LIMITS.imagesMax} />
      </Form.Item>
      {transferFields.length > 0 ? (
        <fieldset className="agency-form__credentials">
          <legend>账号信息（加密保存，仅用于验号与交付）</legend>
          {transferFields.map((f) => (
            <Form.Item
              key={f.key}
              name={['credentials', f.key]}
              label={f.label}
              rules={[
                {
                  // empty fields are allowed: staff complete them when delivering
                  validator: (_r, raw: string | undefined) => {
                    const value = normaliseTransferValue(f, raw ?? '')
                    const problem = value === '' ? null : transferValueProblem(f, value)
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve()
                  },
                },
              ]}
            >
              <TransferFieldInput field={f} />
            </Form.Item>
          ))}
        </fieldset>
      ) : null}
      <ErrorAlert error={refusal} className="agency-form__alert" />
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        提交代售申请
      </Button>
    </Form>
  )
}

/**
 * The commission stated before submitting (the server's rate for the chosen game, docs/agency-sale.md):
 * the percent, and with a price typed what the owner would receive at that price.
 */
function CommissionLine({ percent, askingFen }: { percent: number | undefined; askingFen: number | null }) {
  if (percent === undefined) return <p className="agency-form__commission">选择游戏后显示代售佣金比例</p>
  const fee = askingFen === null || askingFen <= 0 ? null : agencyCommissionOf(askingFen, percent)
  return (
    <p className="agency-form__commission" aria-label="代售佣金">
      代售佣金 <strong>{percent}%</strong>（成交价的 {percent}%，售出结算时扣除）
      {fee !== null && askingFen !== null
        ? `；按期望售价成交，佣金 ${formatYuan(fee)}，到账 ${formatYuan(askingFen - fee)}`
        : ''}
    </p>
  )
}
