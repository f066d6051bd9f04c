/**
 * After batch publish: the real outcome — how many listings are on sale, waiting for review or off
 * the shelf, and each one's state and reason (never 已发布 N 件 when they are not on sale).
 */
import { Link } from 'react-router-dom'
import { Button, Result, Tag } from 'antd'
import { batchPublishedSummary, type BatchOutcome, type BatchPublishResult } from '@shared/api/batch'

export const OUTCOME_TAGS: Record<BatchOutcome, { color: string; label: string }> = {
  ON_SALE: { color: 'success', label: '已上架' },
  AUDITING: { color: 'processing', label: '待审核' },
  OFF_SHELF: { color: 'warning', label: '暂未上架' },
}

export function ResultSection({
  result,
  skipped,
  onAgain,
}: {
  result: BatchPublishResult
  /** rows with errors, not published */
  skipped: number
  onAgain: () => void
}) {
  const allOnSale = result.onSale === result.published
  return (
    <Result
      status={allOnSale ? 'success' : 'warning'}
      title={batchPublishedSummary(result)}
      subTitle={
        <>
          {skipped > 0 ? `另有 ${skipped} 行因错误未发布，修改后可以重新上传这些行。` : null}
          {result.held > 0 ? (
            <p className="batch-held">
              未上架的商品在「我出售的商品」里：补充截图后重新上架，或等待平台审核。
            </p>
          ) : null}
        </>
      }
      extra={[
        <Link key="manage" to="/seller/sellGoods.html">
          <Button type="primary">查看我出售的商品</Button>
        </Link>,
        <Button key="again" onClick={onAgain}>
          再传一个文件
        </Button>,
      ]}
    >
      <ul className="batch-result" aria-label="发布结果">
        {(result.rows ?? []).map((row) => (
          <li key={row.goodsId} className="batch-result__row">
            <span className="batch-result__no">第 {row.rowNo} 行</span>
            <Link
              className="batch-title"
              to={`/seller/sellGoods.html?keyword=${encodeURIComponent(row.title)}`}
            >
              {row.title}
            </Link>
            <Tag color={OUTCOME_TAGS[row.status].color}>{OUTCOME_TAGS[row.status].label}</Tag>
            {row.reason ? <span className="batch-result__reason">{row.reason}</span> : null}
          </li>
        ))}
      </ul>
    </Result>
  )
}
