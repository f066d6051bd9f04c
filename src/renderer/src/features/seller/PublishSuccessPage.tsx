/**
 * /seller/publishSuccessed.html?goodsId=(&edited=1), step 3 of publishing: the listing's state
 * (在售 right away, or 审核中 until approved, with the reason when it is held, e.g. contact details),
 * and where to go next: the listing, publish another, manage goods. The listing is read as the
 * caller's own (seller detail): someone else's or an unknown id says it is not found.
 */
import './seller.css'
import './publish-success.css'
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Result, Skeleton, Steps, Tag } from 'antd'
import { GOODS_STATUS_LABELS } from '@shared/api/goods'
import { goodsDetailPath, STATUS_COLORS } from '@renderer/api/goods'
import { myGoodsDetailQuery } from '@renderer/api/seller'
import { ApiError } from '@renderer/api/http'
import { errorToShow } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { PUBLISH_STEPS } from './publish-steps'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'

export default function PublishSuccessPage() {
  const [params] = useSearchParams()
  const goodsId = Number(params.get('goodsId'))
  const edited = params.get('edited') === '1'
  const valid = Number.isSafeInteger(goodsId) && goodsId > 0
  const detail = useQuery({ ...myGoodsDetailQuery(goodsId), enabled: valid })
  const goods = detail.data
  const title = edited ? '修改已保存' : '发布成功'
  // not the caller's listing (403), unknown or deleted (404), or no id at all
  const notMine =
    !valid || (detail.error instanceof ApiError && (detail.error.code === 403 || detail.error.code === 404))

  if (notMine || (detail.error && !goods)) {
    return (
      <CentreLayout centre={SELLER_CENTRE} title="商品不存在">
        <Result
          status={notMine ? '404' : 'error'}
          title={notMine ? '没有找到这件商品' : '商品加载失败'}
          subTitle={
            notMine ? '它不存在、已被删除，或不是您发布的商品。' : errorToShow(detail.error, '请稍后再试')
          }
          extra={[
            notMine ? null : (
              <Button key="retry" type="primary" onClick={() => void detail.refetch()}>
                重试
              </Button>
            ),
            <Link key="manage" to="/seller/sellGoods.html">
              <Button type={notMine ? 'primary' : 'default'}>管理我的商品</Button>
            </Link>,
          ]}
        />
      </CentreLayout>
    )
  }

  return (
    <CentreLayout centre={SELLER_CENTRE} title={title}>
      {edited ? null : <Steps className="publish-steps" current={2} items={PUBLISH_STEPS} size="small" />}
      {!goods ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Result
          status="success"
          title={title}
          subTitle={
            goods ? (
              <div className="publish-result">
                <p className="publish-result__title">{goods.title}</p>
                <p>
                  {formatYuan(goods.price)} · 当前状态{' '}
                  <Tag color={STATUS_COLORS[goods.status]}>{GOODS_STATUS_LABELS[goods.status]}</Tag>
                </p>
                <p>
                  {goods.status === 'AUDITING'
                    ? '商品正在审核，审核通过后会自动上架并出现在商品列表中。'
                    : goods.status === 'ON_SALE'
                      ? '商品已上架，买家现在就能在商品列表中找到它。'
                      : '可以在「我出售的商品」中上架这件商品。'}
                </p>
                {goods.auditRemark ? (
                  <Alert
                    className="publish-result__remark"
                    type="warning"
                    showIcon
                    title={goods.auditRemark}
                    description="平台禁止在标题、描述和属性中留站外联系方式（QQ、微信、手机号、网址），修改后可更快上架。"
                  />
                ) : null}
              </div>
            ) : null
          }
          extra={[
            goods ? (
              <Link key="view" to={goodsDetailPath(goodsId)}>
                <Button type="primary">查看商品</Button>
              </Link>
            ) : null,
            <Link
              key="again"
              to={goods ? `/seller/selectType.html?gameId=${goods.gameId}` : '/seller/selectType.html'}
            >
              <Button>继续发布</Button>
            </Link>,
            <Link key="manage" to="/seller/sellGoods.html">
              <Button>管理我的商品</Button>
            </Link>,
          ]}
        />
      )}
    </CentreLayout>
  )
}
