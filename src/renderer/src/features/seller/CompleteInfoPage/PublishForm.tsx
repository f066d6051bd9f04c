/**
 * The listing form of a game and goods type, new or editing one (`editing`): place, the game's
 * attribute fields, title, description, price in 元 (0.01 – 99,999,999.99, sent as exact fen), stock
 * (1 for an account), up to 12 screenshots (first = cover). Client checks (publish-form.ts) save a
 * round trip; the server checks everything again and its refusal is shown in the form.
 */
import { useState } from 'react'
import { takeAiCover } from '@renderer/features/ai/cover-handoff'
import { Link, useNavigate } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Col, Form, Input, InputNumber, Result, Row, Skeleton } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import {
  GOODS_LIMITS,
  GOODS_TYPE_LABELS,
  type GoodsDetail,
  type GoodsType,
  type PublishGoodsBody,
} from '@shared/api/goods'
import { gameAreasQuery, gameConfigQuery, gamesQuery } from '@renderer/api/game'
import { usePublishGoods, useUpdateGoods } from '@renderer/api/seller'
import { attributeFieldsOf, typeConfigOf } from '@renderer/components/listing-attributes'
import { errorToShow } from '@renderer/utils/api-error'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { fenToYuan } from '@renderer/utils/money'
import { AttributeFields } from '../AttributeFields'
import { ImageUploader } from '../ImageUploader'
import {
  checkDescription,
  checkPrice,
  checkShots,
  checkStock,
  checkTitle,
  fixedStock,
  imageIdsOf,
  shotOfImage,
  shotsProblem,
  toPublishBody,
  type ShotFile,
} from '../publish-form'
import { ContactWarning, PriceHint, PublishTips, rule, type FormValues } from './form-parts'
import { PlaceFields } from './PlaceFields'
import { ValuationPanel } from '../../discover/ValuationPanel'
import { ProtectionField } from '@renderer/features/protection/ProtectionField'

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
  const games = useQuery(gamesQuery())
  const config = useQuery(gameConfigQuery(gameId))
  const areas = useQuery(gameAreasQuery(gameId))
  const publish = usePublishGoods()
  const update = useUpdateGoods()
  const [serverError, setServerError] = useState('')
  // a picture made on the AI drawing page with "use as listing cover" (taken once)
  const [aiCover] = useState(takeAiCover)

  const game = games.data?.find((g) => g.gameId === gameId)
  const platforms = game?.platforms ?? []
  const typeConfig = typeConfigOf(config.data, goodsType)
  const fields = attributeFieldsOf(config.data, goodsType)
  const stockFixed = fixedStock(goodsType)

  if (config.error || games.error || areas.error) {
    return (
      <Result
        status="error"
        title="游戏信息加载失败"
        subTitle={errorToShow(config.error ?? games.error ?? areas.error)}
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
        images: aiCover.map(shotOfImage),
      }

  const failed = (error: unknown) => {
    setServerError(errorToShow(error, '发布失败，请稍后再试') ?? '')
  }

  const onFinish = (values: FormValues) => {
    setServerError('')
    const images = values.images ?? []
    const problem = shotsProblem(images)
    if (problem) {
      setServerError(problem)
      return
    }
    let body: PublishGoodsBody
    try {
      body = toPublishBody(gameId, goodsType, fields, values, imageIdsOf(images))
    } catch (error) {
      failed(error)
      return
    }
    if (editing) {
      const goodsId = editing.goodsId
      update.mutate(
        { ...body, goodsId },
        {
          onSuccess: () => void navigate(`/seller/publishSuccessed.html?goodsId=${goodsId}&edited=1`),
          onError: failed,
        },
      )
    } else {
      publish.mutate(body, {
        onSuccess: ({ goodsId }) => void navigate(`/seller/publishSuccessed.html?goodsId=${goodsId}`),
        onError: failed,
      })
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
        {/* the type says whether a listing names its area and server (an account does; a top-up does not) */}
        <PlaceFields
          form={form}
          platforms={platforms}
          areas={areas.data}
          needServer={typeConfig.requireServer}
        />

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
        <ValuationPanel gameId={gameId} goodsType={goodsType} />

        <h2 className="publish-section-title">商品截图</h2>
        <Form.Item
          name="images"
          label={`截图（最多 ${GOODS_LIMITS.imagesMax} 张，第一张为封面）`}
          required={goodsType === 'ACCOUNT'}
          extra="支持 JPG、PNG、WebP，每张不超过 5 MB；拖动或用箭头调整顺序。平台会为截图加上水印，请勿上传含联系方式的图片。"
          rules={[rule((list: ShotFile[] | undefined) => checkShots(goodsType, list))]}
        >
          <ImageUploader />
        </Form.Item>

        <ProtectionField goodsType={goodsType} goodsId={editing?.goodsId} />
        <ContactWarning fields={fields} />
        <ErrorAlert className="publish-error" error={serverError} />
        <div className="publish-submit">
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            loading={publish.isPending || update.isPending}
          >
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
