/**
 * /seller/completeInfo.html, step 2 of publishing (?gameId=&goodsType=), or editing a listing
 * (?goodsId=, loaded with myGoodsDetail and saved with update): platform, area/server, the game's
 * attribute fields by kind, title, description, price in 元 (0.01 – 99,999,999.99, sent as exact
 * fen), stock (1 for an account), up to 12 screenshots (first = cover). Client checks save a round
 * trip; the server checks everything again and its refusal is shown in the form.
 */
import './seller.css'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import {
  Alert,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Steps,
} from 'antd'
import type { Rule } from 'antd/es/form'
import { BulbOutlined, EditOutlined } from '@ant-design/icons'
import {
  GOODS_LIMITS,
  GOODS_TYPE_LABELS,
  type AttributeField,
  type GoodsDetail,
  type GoodsType,
} from '@shared/api/goods'
import { contactPlaces, type ListingText } from '@shared/rules/contact'
import { protectionNote } from '@shared/api/trade'
import { getAreaServersByGameId } from '@renderer/api/game'
import { getMyGoodsDetail, publishGoods, updateGoods } from '@renderer/api/goods'
import { attributeFieldsOf, typeConfigOf } from '@renderer/features/goods/attributes'
import { loadGameConfig, loadGames } from '@renderer/features/goods/catalogue-cache'
import { isGoodsType } from '@renderer/features/goods/list-query'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'
import { fenToYuan, formatYuan, yuanToFen } from '@renderer/utils/money'
import { useQuery } from '@renderer/utils/use-query'
import { AttributeFields } from './AttributeFields'
import { ImageUploader, imageIdsOf, shotOfImage, shotsProblem, type ShotFile } from './ImageUploader'
import {
  checkDescription,
  checkPrice,
  checkStock,
  checkTitle,
  fixedStock,
  toPublishBody,
  type PublishFormValues,
} from './publish-form'
import { PUBLISH_STEPS } from './publish-steps'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'

interface FormValues extends PublishFormValues {
  images: ShotFile[]
}

/** A form rule of a check that answers '' or the message. */
function rule<T>(check: (value: T) => string): Rule {
  return {
    validator: (_rule, value: T) => {
      const message = check(value)
      return message ? Promise.reject(new Error(message)) : Promise.resolve()
    },
  }
}

function positive(text: string | null): number | undefined {
  const n = Number(text)
  return text && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/**
 * Warns while the seller types when the title, the description or a free-text attribute looks like
 * off-platform contact details (the server's rule, src/shared/rules/contact.ts): such a listing is
 * held for staff review instead of going on sale.
 */
function ContactWarning({ fields }: { fields: readonly AttributeField[] }) {
  const form = Form.useFormInstance<FormValues>()
  const title = Form.useWatch('title', form)
  const description = Form.useWatch('description', form)
  const attributes = Form.useWatch('attributes', form)
  const texts: ListingText[] = [
    { field: '标题', text: title ?? '' },
    { field: '描述', text: description ?? '' },
    ...fields
      .filter((f) => f.kind === 'text' && typeof attributes?.[f.key] === 'string')
      .map((f) => ({ field: f.label, text: attributes?.[f.key] as string })),
  ]
  const places = contactPlaces(texts)
  if (!places) return null
  return (
    <Alert
      className="publish-error"
      type="warning"
      showIcon
      title={`${places}疑似含有站外联系方式`}
      description="平台禁止留 QQ、微信、手机号和网址等联系方式（私下交易是诈骗的主要途径）。保留它们提交后，商品需人工审核，通过后才会上架。"
    />
  )
}

function PriceHint() {
  const price = Form.useWatch<string | undefined>('price', Form.useFormInstance())
  const fen = price ? yuanToFen(price) : null
  if (fen === null || checkPrice(price)) return <>0.01 – 99,999,999.99 元，最多两位小数</>
  return <>{`买家看到的价格：${formatYuan(fen)}`}</>
}

export function PublishForm({
  gameId,
  goodsType,
  editing,
}: {
  gameId: number
  goodsType: GoodsType
  editing?: GoodsDetail
}) {
  const navigate = useNavigate()
  const [form] = Form.useForm<FormValues>()
  const games = useQuery(['games'], loadGames)
  const config = useQuery(['config', gameId], () => loadGameConfig(gameId))
  const areas = useQuery(['areas', gameId], () => getAreaServersByGameId(gameId))
  const platform = Form.useWatch('platform', form)
  const areaId = Form.useWatch('areaId', form)
  const [submitting, setSubmitting] = useState(false)
  const [serverError, setServerError] = useState('')

  const game = games.data?.find((g) => g.gameId === gameId)
  const platforms = game?.platforms ?? []
  const typeConfig = typeConfigOf(config.data, goodsType)
  const fields = attributeFieldsOf(config.data, goodsType)
  const allAreas = areas.data ?? []
  const shownAreas = allAreas.filter((a) => !platform || a.platform === null || a.platform === platform)
  const area = allAreas.find((a) => a.serverId === areaId)
  const stockFixed = fixedStock(goodsType)
  // the type says whether a listing names its area and server (an account does; a top-up does not)
  const needServer = typeConfig?.requireServer ?? true

  if (config.error || games.error || areas.error) {
    return (
      <Result
        status="error"
        title="游戏信息加载失败"
        subTitle={apiErrorText(config.error ?? games.error ?? areas.error)}
        extra={<Link to="/seller/selectType.html">重新选择游戏</Link>}
      />
    )
  }
  if (!config.data || !games.data || !areas.data) return <Skeleton active paragraph={{ rows: 12 }} />
  if (!game || !typeConfig) {
    return (
      <Result
        status="warning"
        title={!game ? '游戏不存在' : `${game.nameCn}不支持发布「${GOODS_TYPE_LABELS[goodsType]}」`}
        subTitle="请重新选择游戏和商品类型"
        extra={
          <Link to="/seller/selectType.html">
            <Button type="primary">重新选择</Button>
          </Link>
        }
      />
    )
  }

  const initialValues: Partial<FormValues> = editing
    ? {
        platform: editing.platform ?? undefined,
        areaId: editing.areaId ?? undefined,
        serverId: editing.serverId ?? undefined,
        title: editing.title,
        description: editing.description,
        price: fenToYuan(editing.price),
        stock: editing.stock,
        attributes: { ...editing.attributes },
        images: editing.images.map(shotOfImage),
      }
    : {
        platform: platforms.length === 1 ? platforms[0] : undefined,
        stock: stockFixed ?? 1,
        attributes: {},
        images: [],
      }

  const onFinish = async (values: FormValues) => {
    setServerError('')
    const images = values.images ?? []
    const problem = shotsProblem(images)
    if (problem) {
      setServerError(problem)
      return
    }
    setSubmitting(true)
    try {
      const body = toPublishBody(gameId, goodsType, fields, values, imageIdsOf(images))
      if (editing) {
        await updateGoods({ ...body, goodsId: editing.goodsId })
        void navigate(`/seller/publishSuccessed.html?goodsId=${editing.goodsId}&edited=1`)
      } else {
        const { goodsId } = await publishGoods(body)
        void navigate(`/seller/publishSuccessed.html?goodsId=${goodsId}`)
      }
    } catch (error) {
      if (!alreadyNotified(error)) setServerError(apiErrorText(error, '发布失败，请稍后再试'))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="publish-layout">
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={() => serverError && setServerError('')}
        scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
        className="publish-form"
        aria-label="商品信息"
      >
        <div className="publish-summary">
          <span>
            游戏：<strong>{game.nameCn}</strong>
          </span>
          <span>
            类型：<strong>{typeConfig.label || GOODS_TYPE_LABELS[goodsType]}</strong>
          </span>
          {editing ? (
            <span className="publish-summary__note">商品编号 {editing.goodsId}（游戏和类型不能修改）</span>
          ) : (
            <Link to={`/seller/selectType.html?gameId=${gameId}`}>
              <EditOutlined /> 重新选择
            </Link>
          )}
        </div>

        <h2 className="publish-section-title">区服信息</h2>
        <Row gutter={16}>
          {platforms.length > 0 ? (
            <Col xs={24} md={8}>
              <Form.Item
                name="platform"
                label="平台"
                rules={[{ required: needServer, message: '请选择平台' }]}
              >
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={platforms.map((p) => ({ value: p, label: p }))}
                  onChange={() => form.setFieldsValue({ areaId: undefined, serverId: undefined })}
                />
              </Form.Item>
            </Col>
          ) : null}
          {allAreas.length > 0 ? (
            <>
              <Col xs={24} md={8}>
                <Form.Item
                  name="areaId"
                  label="大区"
                  rules={[{ required: needServer, message: '请选择大区' }]}
                >
                  <Select
                    allowClear={!needServer}
                    placeholder={
                      platforms.length > 0 && !platform
                        ? '请先选择平台'
                        : needServer
                          ? '请选择大区'
                          : '不限（可不选）'
                    }
                    aria-label="大区"
                    disabled={platforms.length > 0 && !platform}
                    options={shownAreas.map((a) => ({ value: a.serverId, label: a.name }))}
                    onChange={() => form.setFieldsValue({ serverId: undefined })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="serverId"
                  label="服务器"
                  rules={[
                    {
                      required: needServer && Boolean(area && area.children.length > 0),
                      message: '请选择服务器',
                    },
                  ]}
                >
                  <Select
                    allowClear={!needServer}
                    placeholder={area ? (needServer ? '请选择服务器' : '不限（可不选）') : '请先选择大区'}
                    aria-label="服务器"
                    disabled={!area || area.children.length === 0}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={(area?.children ?? []).map((s) => ({ value: s.serverId, label: s.name }))}
                  />
                </Form.Item>
              </Col>
            </>
          ) : null}
        </Row>

        {fields.length > 0 ? (
          <>
            <h2 className="publish-section-title">商品属性</h2>
            <AttributeFields fields={fields} />
          </>
        ) : null}

        <h2 className="publish-section-title">标题与描述</h2>
        <Form.Item name="title" label="商品标题" required rules={[rule(checkTitle)]}>
          <Input
            placeholder="一句话说清卖点，如：王者 120 皮肤 全英雄 可改实名"
            maxLength={GOODS_LIMITS.titleMaxLength}
            showCount
            aria-label="商品标题"
          />
        </Form.Item>
        <Form.Item name="description" label="商品描述" rules={[rule(checkDescription)]}>
          <Input.TextArea
            placeholder="详细说明账号或物品的情况：等级、皮肤、绑定情况、可否换绑等。请勿填写联系方式"
            autoSize={{ minRows: 4, maxRows: 12 }}
            maxLength={GOODS_LIMITS.descriptionMaxLength}
            showCount
            aria-label="商品描述"
          />
        </Form.Item>

        <h2 className="publish-section-title">价格与库存</h2>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="price"
              label="价格（元）"
              required
              rules={[rule(checkPrice)]}
              extra={<PriceHint />}
            >
              <Input
                prefix="¥"
                suffix="元"
                inputMode="decimal"
                placeholder="如 199.00"
                maxLength={14}
                aria-label="价格（元）"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="stock"
              label="库存"
              required
              rules={[rule((value: number | null) => checkStock(goodsType, value))]}
              extra={stockFixed ? '账号类商品一号一卖，库存固定为 1' : `1 – ${GOODS_LIMITS.stockMax}`}
            >
              <InputNumber
                style={{ width: '100%' }}
                min={1}
                max={GOODS_LIMITS.stockMax}
                precision={0}
                disabled={stockFixed !== null}
                aria-label="库存"
              />
            </Form.Item>
          </Col>
        </Row>

        <h2 className="publish-section-title">商品截图</h2>
        <Form.Item
          name="images"
          label={`截图（最多 ${GOODS_LIMITS.imagesMax} 张，第一张为封面）`}
          required={goodsType === 'ACCOUNT'}
          extra="支持 JPG、PNG、WebP，每张不超过 5 MB；拖动或用箭头调整顺序。平台会为截图加上水印，请勿上传含联系方式的图片。"
          rules={[
            rule((list: ShotFile[] | undefined) => {
              const shots = list ?? []
              const problem = shotsProblem(shots)
              if (problem) return problem
              if (goodsType === 'ACCOUNT' && imageIdsOf(shots).length === 0) return '请至少上传 1 张账号截图'
              return ''
            }),
          ]}
        >
          <ImageUploader />
        </Form.Item>

        <ContactWarning fields={fields} />
        {serverError ? (
          <Alert className="publish-error" type="error" showIcon title={serverError} role="alert" />
        ) : null}
        <div className="publish-submit">
          <Button type="primary" size="large" htmlType="submit" loading={submitting}>
            {editing ? '保存修改' : '发布商品'}
          </Button>
          <Button
            size="large"
            onClick={() =>
              void navigate(editing ? '/seller/sellGoods.html' : `/seller/selectType.html?gameId=${gameId}`)
            }
          >
            {editing ? '取消' : '上一步'}
          </Button>
          <span className="publish-submit__note">提交即表示您保证所售商品来源合法，并同意《卖家协议》</span>
        </div>
      </Form>
      <PublishTips protectionDays={config.data.protectionDays} account={goodsType === 'ACCOUNT'} />
    </div>
  )
}

/** What a seller should know while filling the form (desktop: beside it; phone: below it). */
function PublishTips({ protectionDays, account }: { protectionDays: number; account: boolean }) {
  return (
    <aside className="publish-tips" aria-labelledby="publish-tips-title">
      <h2 id="publish-tips-title">
        <BulbOutlined /> 发布小贴士
      </h2>
      <ul>
        <li>
          <strong>标题写清卖点</strong>段位、英雄/皮肤数量、是否可换绑，买家一眼就能看到。
        </li>
        <li>
          <strong>截图要真实</strong>请上传游戏内实时截图；编辑、拼接过的截图会被驳回。
        </li>
        <li>
          <strong>不要留联系方式</strong>标题、描述和截图中出现微信、QQ、手机号会被下架。
        </li>
        {account ? (
          <li>
            <strong>提前设置发货账号</strong>
            在「发货账号管理」中填好账号信息并开启「自动交付」，买家付款后平台立即交付。
          </li>
        ) : null}
        <li>
          <strong>资金安全</strong>货款由平台托管，{protectionNote(protectionDays)}。
        </li>
      </ul>
    </aside>
  )
}

function EditGoods({ goodsId }: { goodsId: number }) {
  const detail = useQuery(['my-goods', goodsId], () => getMyGoodsDetail(goodsId, { errors: 'caller' }))
  if (detail.error) {
    return (
      <Result
        status="warning"
        title="无法编辑这件商品"
        subTitle={apiErrorText(detail.error)}
        extra={
          <Link to="/seller/sellGoods.html">
            <Button type="primary">返回我出售的商品</Button>
          </Link>
        }
      />
    )
  }
  if (!detail.data || detail.loading) return <Skeleton active paragraph={{ rows: 12 }} />
  return (
    <PublishForm
      key={detail.data.goodsId}
      gameId={detail.data.gameId}
      goodsType={detail.data.goodsType}
      editing={detail.data}
    />
  )
}

export default function CompleteInfoPage() {
  const [params] = useSearchParams()
  const goodsId = positive(params.get('goodsId'))
  const gameId = positive(params.get('gameId'))
  const goodsType = params.get('goodsType')
  return (
    <CentreLayout centre={SELLER_CENTRE} title={goodsId ? '编辑商品' : '填写商品信息'}>
      {goodsId ? null : <Steps className="publish-steps" current={1} items={PUBLISH_STEPS} size="small" />}
      {goodsId ? (
        <EditGoods goodsId={goodsId} />
      ) : gameId && isGoodsType(goodsType) ? (
        <PublishForm key={`${gameId}-${goodsType}`} gameId={gameId} goodsType={goodsType} />
      ) : (
        <Result
          status="info"
          title="请先选择游戏和商品类型"
          extra={
            <Link to="/seller/selectType.html">
              <Button type="primary">去选择</Button>
            </Link>
          }
        />
      )}
    </CentreLayout>
  )
}
