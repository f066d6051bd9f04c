/**
 * Step 4 of batch publish: the preview of the uploaded file — counts, every row with what publishing
 * will do with it (on sale; held and why; not published and why), its screenshots from the zip, the
 * zip's files that fit no row, and publishing the valid rows after a confirmation.
 */
import { useMemo, useState } from 'react'
import { Alert, Button, Empty, Popconfirm, Statistic, Switch, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  PictureOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import type { BatchOutcome, BatchPreview, BatchRowResult } from '@shared/api/batch'
import { formatYuan } from '@renderer/utils/money'

/** What publishing will do with a valid row. */
const WILL: Record<BatchOutcome, { color: string; label: string }> = {
  ON_SALE: { color: 'success', label: '发布后上架' },
  AUDITING: { color: 'processing', label: '发布后待审核' },
  OFF_SHELF: { color: 'warning', label: '发布后暂不上架' },
}

const Shots = ({ row }: { row: BatchRowResult }) =>
  row.images?.length ? (
    <span className="batch-shots-count" title={row.images.join('、')}>
      <PictureOutlined /> 截图 {row.images.length} 张
    </span>
  ) : null

/** What publishing does with the row: on sale, held and why, or not published and why. */
function Verdict({ row }: { row: BatchRowResult }) {
  return row.ok ? (
    <>
      {row.outcome === 'ON_SALE' ? (
        <span className="batch-ok">
          <CheckCircleFilled /> {WILL.ON_SALE.label}
        </span>
      ) : (
        <Tag color={WILL[row.outcome ?? 'OFF_SHELF'].color}>{WILL[row.outcome ?? 'OFF_SHELF'].label}</Tag>
      )}{' '}
      <Shots row={row} />
      {/* published, but not on sale by itself: no screenshot yet (accounts), or held for review */}
      {row.notes?.length ? (
        <ul className="batch-notes">
          {row.notes.map((note) => (
            <li key={note}>
              <ExclamationCircleFilled /> {note}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  ) : (
    <>
      <Tag color="error">不发布</Tag> <Shots row={row} />
      <ul className="batch-errors">
        {row.errors.map((reason) => (
          <li key={reason}>
            <CloseCircleFilled /> {reason}
          </li>
        ))}
      </ul>
    </>
  )
}

const COLUMNS: ColumnsType<BatchRowResult> = [
  { title: '行号', dataIndex: 'rowNo', width: 72 },
  {
    title: '标题',
    dataIndex: 'title',
    render: (title: string) => (
      <span className="batch-title">{title || <em className="batch-empty">（未填写）</em>}</span>
    ),
  },
  {
    title: '价格',
    dataIndex: 'price',
    width: 130,
    render: (fen: number | null) => (fen === null ? <em className="batch-empty">—</em> : formatYuan(fen)),
  },
  {
    title: '校验结果',
    key: 'result',
    width: '40%',
    render: (_, row) => <Verdict row={row} />,
  },
]

/** Only the bad rows at first when a long file has a few of them. */
const badRowsFirst = (preview: BatchPreview) =>
  preview.invalidRows > 0 && preview.invalidRows < preview.totalRows && preview.totalRows > 20

export function PreviewSection({
  preview,
  fileName,
  shotsName,
  publishing,
  onPublish,
  onReset,
}: {
  preview: BatchPreview
  fileName: string
  /** the screenshot zip sent with it, '' for none */
  shotsName: string
  publishing: boolean
  onPublish: () => void
  onReset: () => void
}) {
  const [onlyBad, setOnlyBad] = useState(() => badRowsFirst(preview))
  const rows = useMemo(() => (onlyBad ? preview.rows.filter((r) => !r.ok) : preview.rows), [preview, onlyBad])
  const held = preview.validRows - preview.onSaleRows
  return (
    <section className="batch-preview" aria-label="预览">
      <div className="batch-preview__head">
        <h2 className="publish-section-title">
          4. 预览：{fileName}
          {shotsName ? ` + ${shotsName}` : ''}
        </h2>
        <div className="batch-stats">
          <Statistic title="总行数" value={preview.totalRows} />
          <Statistic title="可发布" value={preview.validRows} />
          <Statistic title="直接上架" value={preview.onSaleRows} styles={{ content: { color: '#389e0d' } }} />
          <Statistic
            title="暂不上架"
            value={held}
            styles={{ content: { color: held ? '#d46b08' : undefined } }}
          />
          <Statistic
            title="有错误"
            value={preview.invalidRows}
            styles={{ content: { color: preview.invalidRows ? '#cf1322' : undefined } }}
          />
        </div>
      </div>
      <div className="batch-preview__tools">
        <label className="batch-only-bad">
          <Switch size="small" checked={onlyBad} onChange={setOnlyBad} disabled={preview.invalidRows === 0} />{' '}
          只看有错误的行
        </label>
        {preview.invalidRows > 0 ? (
          <Tag color="error">有错误的行不会发布，请改好后重新上传这些行</Tag>
        ) : (
          <Tag color="success">全部行都可以发布</Tag>
        )}
      </div>
      {held > 0 ? (
        <Alert
          className="batch-alert"
          type="warning"
          showIcon
          title={`${held} 行发布后不会直接上架`}
          description="原因见各行（如账号缺少截图：在压缩包中加入以行号命名的截图后重新上传，或发布后逐个编辑补充）。"
        />
      ) : null}
      {preview.unmatchedImages.length > 0 ? (
        <Alert
          className="batch-alert"
          type="info"
          showIcon
          title={`压缩包中有 ${preview.unmatchedImages.length} 个文件没有对应的行，已忽略`}
          description={
            <ul className="batch-unmatched">
              {preview.unmatchedImages.slice(0, 20).map((name) => (
                <li key={name}>{name}</li>
              ))}
              {preview.unmatchedImages.length > 20 ? <li>……</li> : null}
            </ul>
          }
        />
      ) : null}
      {/* a phone: one card per row instead of the wide table (the first 50 of the rows shown) */}
      <ul className="batch-cards" aria-label="预览结果">
        {rows.slice(0, 50).map((row) => (
          <li key={row.rowNo} className={row.ok ? 'batch-card' : 'batch-card batch-card--bad'}>
            <div className="batch-card__head">
              <span className="batch-result__no">第 {row.rowNo} 行</span>
              <span className="batch-title">{row.title || <em className="batch-empty">（未填写）</em>}</span>
              <span className="batch-card__price">{row.price === null ? '—' : formatYuan(row.price)}</span>
            </div>
            <Verdict row={row} />
          </li>
        ))}
        {rows.length > 50 ? (
          <li className="batch-card__more">共 {rows.length} 行，请在电脑上查看全部</li>
        ) : null}
      </ul>
      <Table<BatchRowResult>
        className="batch-table"
        rowKey="rowNo"
        size="small"
        columns={COLUMNS}
        dataSource={rows}
        rowClassName={(row) => (row.ok ? '' : 'batch-row--bad')}
        pagination={{
          pageSize: 50,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 行`,
          hideOnSinglePage: true,
        }}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty description="文件里没有数据行" /> }}
      />
      <div className="publish-submit">
        <Popconfirm
          title={`发布 ${preview.validRows} 件商品？`}
          description={
            [
              held > 0 ? `其中 ${held} 件不会直接上架` : '',
              preview.invalidRows > 0 ? `${preview.invalidRows} 行有错误，将被跳过` : '',
            ]
              .filter(Boolean)
              .join('；') || undefined
          }
          okText="发布"
          cancelText="取消"
          onConfirm={onPublish}
          disabled={preview.validRows === 0}
        >
          <Button type="primary" size="large" loading={publishing} disabled={preview.validRows === 0}>
            发布有效行（{preview.validRows}）
          </Button>
        </Popconfirm>
        <Button size="large" icon={<ReloadOutlined />} onClick={onReset}>
          重新上传
        </Button>
      </div>
    </section>
  )
}
