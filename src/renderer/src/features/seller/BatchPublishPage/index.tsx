/**
 * /seller/busPublish.html, batch publish: choose game and type → download the template (CSV or
 * XLSX, fetched through the request layer so it carries the login, then saved from an object URL)
 * → upload the filled file → preview every row with the reasons of the bad ones (PreviewSection) →
 * publish the valid rows (one transaction on the server) → result.
 */
import '../seller.css'
import './batch.css'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import { Button, Radio, Result, Select, Space, Upload } from 'antd'
import { FileExcelOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons'
import type { TemplateFormat } from '@shared/api/batch'
import { GOODS_LIMITS, GOODS_TYPE_LABELS, type GoodsType } from '@shared/api/goods'
import { gameConfigQuery, gamesQuery, sortGames } from '@renderer/api/game'
import { useBatchPreview, useBatchPublish, useBatchTemplate } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { errorToShow, toastError } from '@renderer/utils/api-error'
import { ensureFileBlob, saveBlob } from '@renderer/utils/save-blob'
import { checkBatchFile } from './batch-file'
import { PreviewSection } from './PreviewSection'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export default function BatchPublishPage() {
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const [gameId, setGameId] = useState<number | undefined>()
  const [goodsType, setGoodsType] = useState<GoodsType | undefined>()
  const config = useQuery({ ...gameConfigQuery(gameId ?? 0), enabled: Boolean(gameId) })
  const template = useBatchTemplate()
  const previewing = useBatchPreview()
  const publishing = useBatchPublish()
  const [fileName, setFileName] = useState('')
  const [error, setError] = useState('')

  const game = games.data?.find((g) => g.gameId === gameId)
  const types = (gameId ? config.data?.goodsTypes : undefined) ?? []
  const ready = Boolean(gameId && goodsType && types.some((t) => t.goodsType === goodsType))
  const downloading = template.isPending ? template.variables.format : null
  const uploading = previewing.isPending
  const preview = previewing.data ?? null
  const result = publishing.data ?? null

  const reset = () => {
    previewing.reset()
    publishing.reset()
    setFileName('')
    setError('')
  }

  const download = (format: TemplateFormat) => {
    if (!gameId || !goodsType || !game) return
    template.mutate(
      { gameId, goodsType, format },
      {
        onSuccess: async (file) => {
          try {
            const blob = await ensureFileBlob(file, '模板下载失败')
            saveBlob(blob, `批量发布模板-${game.nameCn}-${GOODS_TYPE_LABELS[goodsType]}.${format}`)
          } catch (err) {
            toastError(err, '模板下载失败')
          }
        },
        onError: (err) => toastError(err, '模板下载失败'),
      },
    )
  }

  const upload = (file: File) => {
    if (!gameId || !goodsType) return
    const problem = checkBatchFile(file)
    if (problem) {
      setError(problem)
      return
    }
    setError('')
    publishing.reset()
    setFileName(file.name)
    previewing.mutate(
      { gameId, goodsType, file },
      {
        onError: (err) => {
          setError(errorToShow(err, '文件解析失败') ?? '')
        },
      },
    )
  }

  const publish = () => {
    if (!preview) return
    setError('')
    publishing.mutate(preview.batchId, {
      onError: (err) => {
        setError(errorToShow(err, '批量发布失败') ?? '')
      },
    })
  }

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
              loading={games.isPending}
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
                <ErrorAlert error={config.error} fallback="游戏配置加载失败" />
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
              onClick={() => download('csv')}
            >
              下载 CSV 模板
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              disabled={!ready}
              loading={downloading === 'xlsx'}
              onClick={() => download('xlsx')}
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
              upload(file)
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

      <ErrorAlert className="publish-error" error={error} />
      {preview ? (
        <PreviewSection
          key={preview.batchId}
          preview={preview}
          fileName={fileName}
          publishing={publishing.isPending}
          onPublish={publish}
          onReset={reset}
        />
      ) : null}
    </CentreLayout>
  )
}
