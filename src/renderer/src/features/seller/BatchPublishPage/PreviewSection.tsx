/**
 * Step 4 of batch publish: the preview of the uploaded file — counts, every row with the reasons of
 * the bad ones (or only those), and publishing the valid rows after a confirmation.
 */
import { useMemo, useState } from 'react'
import { Button, Empty, Popconfirm, Statistic, Switch, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  ReloadOutlined,
} from '@ant-design/icons'
import type { BatchPreview, BatchRowResult } from '@shared/api/batch'
import { formatYuan } from '@renderer/utils/money'

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
    render: (_, row) =>
      row.ok ? (
        <>
          <span className="batch-ok">
            <CheckCircleFilled /> 可以发布
          </span>
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
        <ul className="batch-errors">
          {row.errors.map((reason) => (
            <li key={reason}>
              <CloseCircleFilled /> {reason}
            </li>
          ))}
        </ul>
      ),
  },
]

/** Only the bad rows at first when a long file has a few of them. */
const badRowsFirst = (preview: BatchPreview) =>
  preview.invalidRows > 0 && preview.invalidRows < preview.totalRows && preview.totalRows > 20

export function PreviewSection({
  preview,
  fileName,
  publishing,
  onPublish,
  onReset,
}: {
  preview: BatchPreview
  fileName: string
  publishing: boolean
  onPublish: () => void
  onReset: () => void
}) {
  const [onlyBad, setOnlyBad] = useState(() => badRowsFirst(preview))
  const rows = useMemo(() => (onlyBad ? preview.rows.filter((r) => !r.ok) : preview.rows), [preview, onlyBad])
  return (
    <section className="batch-preview" aria-label="预览">
      <div className="batch-preview__head">
        <h2 className="publish-section-title">4. 预览：{fileName}</h2>
        <div className="batch-stats">
          <Statistic title="总行数" value={preview.totalRows} />
          <Statistic title="可发布" value={preview.validRows} styles={{ content: { color: '#389e0d' } }} />
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
      <Table<BatchRowResult>
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
          description={preview.invalidRows > 0 ? `${preview.invalidRows} 行有错误，将被跳过` : undefined}
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
