/**
 * /seller/busPublish.html, batch publish: choose game and type → download the template (CSV or
 * XLSX, fetched through the request layer so it carries the login, then saved from an object URL)
 * → upload the filled file → preview every row with the reasons of the bad ones → publish the valid
 * rows (one transaction on the server) → result.
 */
import './seller.css'
import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  Alert,
  Button,
  Empty,
  Popconfirm,
  Radio,
  Result,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  FileExcelOutlined,
  FileTextOutlined,
  InboxOutlined,
  ReloadOutlined,
} from '@ant-design/icons'
import {
  GOODS_LIMITS,
  GOODS_TYPE_LABELS,
  type BatchPreview,
  type BatchPublishResult,
  type BatchRowResult,
  type GoodsType,
} from '@shared/api/goods'
import { downloadBatchTemplate, previewBatch, publishBatch, type TemplateFormat } from '@renderer/api/goods'
import { loadGameConfig, loadGames } from '@renderer/features/goods/catalogue-cache'
import { alreadyNotified, apiErrorText } from '@renderer/utils/api-error'
import { formatYuan } from '@renderer/utils/money'
import { ensureFileBlob, saveBlob } from '@renderer/utils/save-blob'
import { toast } from '@renderer/utils/toast'
import { useQuery } from '@renderer/utils/use-query'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'

/** '' when the picked file may be sent, else why not. */
export function checkBatchFile(file: { name: string; size: number }): string {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return '请上传 CSV 或 XLSX 文件（可先下载模板填写）'
  if (file.size === 0) return '文件是空的'
  if (file.size > GOODS_LIMITS.batchMaxBytes)
    return `文件不能超过 ${GOODS_LIMITS.batchMaxBytes / 1024 / 1024} MB`
  return ''
}

export default function BatchPublishPage() {
  const games = useQuery(['games'], loadGames)
  const [gameId, setGameId] = useState<number | undefined>()
  const [goodsType, setGoodsType] = useState<GoodsType | undefined>()
  const config = useQuery(['config', gameId], () => (gameId ? loadGameConfig(gameId) : Promise.resolve(null)))
  const [downloading, setDownloading] = useState<TemplateFormat | null>(null)
  const [uploading, setUploading] = useState(false)
  const [fileName, setFileName] = useState('')
  const [preview, setPreview] = useState<BatchPreview | null>(null)
  const [onlyBad, setOnlyBad] = useState(false)
  const [error, setError] = useState('')
  const [publishing, setPublishing] = useState(false)
  const [result, setResult] = useState<BatchPublishResult | null>(null)

  const game = games.data?.find((g) => g.gameId === gameId)
  const types = config.data?.goodsTypes ?? []
  const ready = Boolean(gameId && goodsType && types.some((t) => t.goodsType === goodsType))
  const rows = useMemo(
    () => (preview ? (onlyBad ? preview.rows.filter((r) => !r.ok) : preview.rows) : []),
    [preview, onlyBad],
  )

  const reset = () => {
    setPreview(null)
    setResult(null)
    setFileName('')
    setError('')
    setOnlyBad(false)
  }

  const download = async (format: TemplateFormat) => {
    if (!gameId || !goodsType || !game) return
    setDownloading(format)
    try {
      const blob = await ensureFileBlob(
        await downloadBatchTemplate(gameId, goodsType, format),
        '模板下载失败',
      )
      saveBlob(blob, `批量发布模板-${game.nameCn}-${GOODS_TYPE_LABELS[goodsType]}.${format}`)
    } catch (err) {
      if (!alreadyNotified(err)) toast('error', apiErrorText(err, '模板下载失败'))
    } finally {
      setDownloading(null)
    }
  }

  const upload = async (file: File) => {
    if (!gameId || !goodsType) return
    const problem = checkBatchFile(file)
    if (problem) {
      setError(problem)
      return
    }
    setUploading(true)
    setError('')
    setPreview(null)
    setResult(null)
    setFileName(file.name)
    try {
      const answer = await previewBatch(gameId, goodsType, file)
      setPreview(answer)
      setOnlyBad(answer.invalidRows > 0 && answer.invalidRows < answer.totalRows && answer.totalRows > 20)
    } catch (err) {
      if (!alreadyNotified(err)) setError(apiErrorText(err, '文件解析失败'))
    } finally {
      setUploading(false)
    }
  }

  const publish = async () => {
    if (!preview) return
    setPublishing(true)
    setError('')
    try {
      setResult(await publishBatch(preview.batchId))
    } catch (err) {
      if (!alreadyNotified(err)) setError(apiErrorText(err, '批量发布失败'))
    } finally {
      setPublishing(false)
    }
  }

  const columns: ColumnsType<BatchRowResult> = [
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

  if (result) {
    return (
      <CentreLayout centre={SELLER_CENTRE} title="批量发布">
        <Result
          status="success"
          title={`已发布 ${result.published} 件商品`}
          subTitle={
            <>
              {preview && preview.invalidRows > 0
                ? `有 ${preview.invalidRows} 行因错误被跳过，修改后可以重新上传这些行。`
                : '全部有效行都已发布。'}
              {result.held > 0 ? (
                <p className="batch-held">
                  其中 {result.held} 件暂未上架（账号需上传截图，或内容需人工审核），原因见「我出售的商品」。
                </p>
              ) : null}
            </>
          }
          extra={[
            <Link key="manage" to="/seller/sellGoods.html">
              <Button type="primary">查看我出售的商品</Button>
            </Link>,
            <Button key="again" onClick={reset}>
              再传一个文件
            </Button>,
          ]}
        />
      </CentreLayout>
    )
  }

  return (
    <CentreLayout centre={SELLER_CENTRE} title="批量发布">
      <ol className="batch-steps">
        <li className="batch-step">
          <h2 className="publish-section-title">1. 选择游戏和商品类型</h2>
          <div className="batch-choose">
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="选择游戏"
              aria-label="选择游戏"
              className="batch-choose__game"
              loading={games.loading}
              value={gameId}
              onChange={(value) => {
                setGameId(value)
                setGoodsType(undefined)
                reset()
              }}
              options={(games.data ?? []).map((g) => ({ value: g.gameId, label: g.nameCn }))}
            />
            {gameId ? (
              config.data ? (
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  aria-label="商品类型"
                  value={goodsType}
                  onChange={(e) => {
                    setGoodsType(e.target.value as GoodsType)
                    reset()
                  }}
                  options={types.map((t) => ({
                    value: t.goodsType,
                    label: t.label || GOODS_TYPE_LABELS[t.goodsType],
                  }))}
                />
              ) : config.error ? (
                <Alert type="error" showIcon title={apiErrorText(config.error, '游戏配置加载失败')} />
              ) : null
            ) : null}
          </div>
        </li>

        <li className="batch-step">
          <h2 className="publish-section-title">2. 下载模板并填写</h2>
          <p className="publish-hint">
            模板按所选游戏和类型生成，包含标题、描述、价格（元）、库存、区服和该游戏的属性列；一次最多{' '}
            {GOODS_LIMITS.batchMaxRows} 行。截图请在发布后逐个编辑补充。
          </p>
          <Space wrap>
            <Button
              icon={<FileTextOutlined />}
              disabled={!ready}
              loading={downloading === 'csv'}
              onClick={() => void download('csv')}
            >
              下载 CSV 模板
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              disabled={!ready}
              loading={downloading === 'xlsx'}
              onClick={() => void download('xlsx')}
            >
              下载 XLSX 模板
            </Button>
          </Space>
        </li>

        <li className="batch-step">
          <h2 className="publish-section-title">3. 上传填好的文件</h2>
          <Upload.Dragger
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={!ready || uploading}
            beforeUpload={(file) => {
              void upload(file)
              return false
            }}
            className="batch-dragger"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {ready
                ? uploading
                  ? `正在解析 ${fileName}…`
                  : '点击或拖拽 CSV / XLSX 文件到这里'
                : '请先选择游戏和商品类型'}
            </p>
            <p className="ant-upload-hint">文件不超过 5 MB；上传后先预览，确认无误再发布</p>
          </Upload.Dragger>
        </li>
      </ol>

      {error ? <Alert className="publish-error" type="error" showIcon title={error} role="alert" /> : null}

      {preview ? (
        <section className="batch-preview" aria-label="预览">
          <div className="batch-preview__head">
            <h2 className="publish-section-title">4. 预览：{fileName}</h2>
            <div className="batch-stats">
              <Statistic title="总行数" value={preview.totalRows} />
              <Statistic
                title="可发布"
                value={preview.validRows}
                styles={{ content: { color: '#389e0d' } }}
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
              <Switch
                size="small"
                checked={onlyBad}
                onChange={setOnlyBad}
                disabled={preview.invalidRows === 0}
              />{' '}
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
            columns={columns}
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
              onConfirm={() => publish()}
              disabled={preview.validRows === 0}
            >
              <Button type="primary" size="large" loading={publishing} disabled={preview.validRows === 0}>
                发布有效行（{preview.validRows}）
              </Button>
            </Popconfirm>
            <Button size="large" icon={<ReloadOutlined />} onClick={reset}>
              重新上传
            </Button>
          </div>
        </section>
      ) : null}
    </CentreLayout>
  )
}
