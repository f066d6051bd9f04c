/**
 * /buyer/buy.html?goodsId=: the listing, the quantity (stock > 1: a whole number from 1 to the
 * stock, typed or stepped with −/+; see quantity.ts) and, for coins/items/recharges, the receiving
 * role (choose one or add one here). The amount is the price × the validated quantity. 提交订单
 * creates the unpaid order and goes on to checkout (/buyer/pay.html: confirm and pay on one screen).
 */
import './trade.css'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert, Button, Empty, Form, Input, Radio, Result, Skeleton, Space, Steps } from 'antd'
import { MinusOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { GOODS_TYPE_LABELS } from '@shared/api/goods'
import { goodsDetailPath, goodsDetailQuery, imageSrc } from '@renderer/api/goods'
import { rolesQuery, useCreateOrder } from '@renderer/api/trade'
import { CentreLayout, BUYER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { ErrorAlert } from '@renderer/components/ErrorAlert'
import { errorToShow } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { positiveInt } from '@renderer/utils/url-params'
import { RoleFormModal } from './RoleForm'
import { ORDER_STEPS } from './trade-utils'
import { parseQuantity, stepQuantity } from './quantity'

export default function BuyPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const goodsId = positiveInt(params.get('goodsId'))
  const detail = useQuery({ ...goodsDetailQuery(goodsId ?? 0), enabled: goodsId !== null })
  const goods = detail.data
  const needsRole = goods ? goods.goodsType !== 'ACCOUNT' : false
  const roles = useQuery({ ...rolesQuery(), enabled: needsRole })
  const create = useCreateOrder()
  // the text as typed; the quantity is only ever the validated integer parsed from it
  const [quantityText, setQuantityText] = useState('1')
  const [roleId, setRoleId] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  // a problem found here before asking the server (no quantity, no role)
  const [problem, setProblem] = useState('')

  const roleList = (roles.data ?? []).filter((r) => !goods || r.gameId === goods.gameId)
  const chosenRole = roleId ?? roleList.find((r) => r.isDefault)?.roleId ?? roleList[0]?.roleId ?? null

  if (detail.error || goodsId === null) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="商品下单" nav={false}>
        <Result
          status="error"
          title="商品加载失败"
          subTitle={detail.error ? errorToShow(detail.error) : '缺少商品编号'}
          extra={
            <Link to="/list.html">
              <Button type="primary">去逛逛其他商品</Button>
            </Link>
          }
        />
      </CentreLayout>
    )
  }
  if (!goods) {
    return (
      <CentreLayout centre={BUYER_CENTRE} title="商品下单" nav={false}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </CentreLayout>
    )
  }

  const onSale = goods.status === 'ON_SALE'
  const canChoose = goods.stock > 1
  const checked = parseQuantity(canChoose ? quantityText : '1', goods.stock)
  const quantity = checked.quantity
  const step = (delta: 1 | -1) => setQuantityText(String(stepQuantity(quantityText, goods.stock, delta)))
  const submit = () => {
    create.reset()
    if (quantity === null) return setProblem(checked.error)
    if (needsRole && !chosenRole) return setProblem('请选择收货角色')
    setProblem('')
    create.mutate(
      { goodsId: goods.goodsId, quantity, ...(needsRole && chosenRole ? { roleId: chosenRole } : {}) },
      {
        onSuccess: (order) => void navigate(`/buyer/pay.html?orderNo=${encodeURIComponent(order.orderNo)}`),
      },
    )
  }

  return (
    <CentreLayout centre={BUYER_CENTRE} title="商品下单" nav={false}>
      <Steps className="trade-steps" current={0} items={ORDER_STEPS} size="small" />
      <div className="centre-narrow">
        <div className="buy-goods">
          {goods.coverUrl ? <img className="buy-goods__cover" src={imageSrc(goods.coverUrl)} alt="" /> : null}
          <div>
            <p className="buy-goods__title">
              <Link to={goodsDetailPath(goods.goodsId)}>{goods.title}</Link>
            </p>
            <span className="buy-goods__meta">
              {goods.gameName} · {GOODS_TYPE_LABELS[goods.goodsType]} · 卖家 {goods.shopName} · 库存{' '}
              {goods.stock}
            </span>
          </div>
        </div>
        {!onSale ? <Alert type="warning" showIcon title="该商品当前不在售，无法下单" /> : null}
        {goods.isOwner ? <Alert type="warning" showIcon title="不能购买自己发布的商品" /> : null}
        <Form layout="horizontal" labelCol={{ flex: '100px' }}>
          <Form.Item label="单价">{formatYuan(goods.price)}</Form.Item>
          <Form.Item
            label="购买数量"
            validateStatus={checked.error ? 'error' : undefined}
            help={checked.error || (canChoose ? `可购 1 至 ${goods.stock} 件` : undefined)}
          >
            {canChoose ? (
              <Space.Compact>
                <Button
                  aria-label="减少数量"
                  icon={<MinusOutlined />}
                  disabled={quantity !== null && quantity <= 1}
                  onClick={() => step(-1)}
                />
                <Input
                  aria-label="购买数量"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.target.value)}
                  style={{ width: 96, textAlign: 'center' }}
                />
                <Button
                  aria-label="增加数量"
                  icon={<PlusOutlined />}
                  disabled={quantity !== null && quantity >= goods.stock}
                  onClick={() => step(1)}
                />
              </Space.Compact>
            ) : (
              <span>1</span>
            )}
          </Form.Item>
          {needsRole ? (
            <Form.Item label="收货角色" required>
              {!roles.data && !roles.error ? (
                <Skeleton.Input active />
              ) : roleList.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有该游戏的收货角色">
                  <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    添加收货角色
                  </Button>
                </Empty>
              ) : (
                <Space orientation="vertical">
                  <Radio.Group
                    value={chosenRole}
                    onChange={(e) => setRoleId(Number(e.target.value))}
                    aria-label="收货角色"
                  >
                    <Space orientation="vertical">
                      {roleList.map((role) => (
                        <Radio key={role.roleId} value={role.roleId}>
                          {[role.serverName, role.roleName].filter(Boolean).join(' / ')}（ID {role.gameRoleId}
                          ）{role.isDefault ? '（默认）' : ''}
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                  <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                    新增收货角色
                  </Button>
                </Space>
              )}
            </Form.Item>
          ) : null}
        </Form>
        <div className="trade-total">
          <span>应付金额</span>
          <strong aria-label="应付金额">
            {quantity === null ? '—' : formatYuan(goods.price * quantity)}
          </strong>
        </div>
        <ErrorAlert error={problem || create.error} fallback="下单失败" style={{ marginBottom: 16 }} />
        <div className="trade-footer">
          <Link to={goodsDetailPath(goods.goodsId)}>
            <Button>返回商品</Button>
          </Link>
          <Button
            type="primary"
            size="large"
            loading={create.isPending}
            disabled={!onSale || goods.isOwner || quantity === null}
            onClick={submit}
          >
            提交订单
          </Button>
        </div>
      </div>
      {adding ? (
        <RoleFormModal
          gameId={goods.gameId}
          onClose={() => setAdding(false)}
          onSaved={(role) => {
            setAdding(false)
            setRoleId(role.roleId)
          }}
        />
      ) : null}
    </CentreLayout>
  )
}
