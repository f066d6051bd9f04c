/**
 * /seller/completeInfo.html, step 2 of publishing (?gameId=&goodsType=), or editing a listing
 * (?goodsId=, loaded as the caller's own and saved with update). The form is PublishForm.
 */
import '../seller.css'
import './complete-info.css'
import { Link, useSearchParams } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Result, Skeleton, Steps } from 'antd'
import { isGoodsType } from '@renderer/api/goods'
import { myGoodsDetailQuery } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { errorToShow } from '@renderer/utils/api-error'
import { PUBLISH_STEPS } from '../publish-steps'
import { PublishForm } from './PublishForm'

function positive(text: string | null): number | undefined {
  const n = Number(text)
  return text && Number.isSafeInteger(n) && n > 0 ? n : undefined
}

function EditGoods({ goodsId }: { goodsId: number }) {
  const detail = useQuery(myGoodsDetailQuery(goodsId))
  if (detail.error) {
    return (
      <Result
        status="warning"
        title="无法编辑这件商品"
        subTitle={errorToShow(detail.error)}
        extra={
          <Link to="/seller/sellGoods.html">
            <Button type="primary">返回我出售的商品</Button>
          </Link>
        }
      />
    )
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 12 }} />
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
