/**
 * /seller/busPublish.html, batch publish: choose game and type → download the template (CSV or
 * XLSX, fetched through the request layer so it carries the login, then saved from an object URL)
 * → upload the filled file and, optionally, a zip of screenshots named by row → preview every row
 * with its outcome: on sale, held and why, or not published and why (PreviewSection) → publish the
 * valid rows (one transaction on the server) → the real state of each (ResultSection).
 * docs/seller-tools.md, "Batch publish".
 */
import '../seller.css'
import './batch.css'
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Radio, Select, Space, Upload } from 'antd'
import {
  CloseOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  FileZipOutlined,
  InboxOutlined,
} from '@ant-design/icons'
import type { TemplateFormat } from '@shared/api/batch'
import { GOODS_LIMITS, GOODS_TYPE_LABELS, type GoodsType } from '@shared/api/goods'
import { gameConfigQuery, gamesQuery, sortGames } from '@renderer/api/game'
import { useBatchPreview, useBatchPublish, useBatchTemplate } from '@renderer/api/seller'
import { CentreLayout, SELLER_CENTRE } from '@renderer/app/layouts/CentreLayout'
import { errorToShow, toastError } from '@renderer/utils/api-error'
import { ensureFileBlob, saveBlob } from '@renderer/utils/save-blob'
import { checkBatchFile, checkScreenshotZip } from './batch-file'
import { PreviewSection } from './PreviewSection'
import { ResultSection } from './ResultSection'
import { ErrorAlert } from '@renderer/components/ErrorAlert'

export default function BatchPublishPage() {
  const games = useQuery({ ...gamesQuery(), select: sortGames })
  const [gameId, setGameId] = useState<number | undefined>()
  const [goodsType, setGoodsType] = useState<GoodsType | undefined>()
  const config = useQuery({ ...gameConfigQuery(gameId ?? 0), enabled: Boolean(gameId) })
  const template = useBatchTemplate()
  const previewing = useBatchPreview()
  const publishing = useBatchPublish()
  const [sheet, setSheet] = useState<File | null>(null)
  const [shots, setShots] = useState<File | null>(null)
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
    setSheet(null)
    setShots(null)
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

  /** previews the sheet with the screenshots (again whenever either changes) */
  const runPreview = (file: File, images: File | null) => {
    if (!gameId || !goodsType) return
    setError('')
    publishing.reset()
    previewing.mutate(
      { gameId, goodsType, file, images },
      {
        onError: (err) => {
          setError(errorToShow(err, '文件解析失败') ?? '')
        },
      },
    )
  }

  const upload = (file: File) => {
    const problem = checkBatchFile(file)
    if (problem) {
      setError(problem)
      return
    }
    setSheet(file)
    runPreview(file, shots)
  }

  const pickShots = (file: File | null) => {
    const problem = file ? checkScreenshotZip(file) : ''
    if (problem) {
      setError(problem)
      return
    }
    setShots(file)
    if (sheet) runPreview(sheet, file)
    else setError('')
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
        <ResultSection result={result} skipped={preview?.invalidRows ?? 0} onAgain={reset} />
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
            {GOODS_LIMITS.batchMaxRows} 行。账号类商品需要截图才能上架：把截图按行号命名（如第 3 行的{' '}
            <code>3-1.jpg</code>、<code>3-2.png</code>，或放进名为 <code>3</code> 的文件夹），打包成 ZIP
            与表格一起上传。
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
          <h2 className="publish-section-title">3. 上传填好的文件和截图</h2>
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
                  ? `正在解析 ${sheet?.name ?? ''}…`
                  : sheet
                    ? `已选 ${sheet.name}，点击可换一个文件`
                    : '点击或拖拽 CSV / XLSX 文件到这里'
                : '请先选择游戏和商品类型'}
            </p>
            <p className="ant-upload-hint">文件不超过 5 MB；上传后先预览，确认无误再发布</p>
          </Upload.Dragger>
          <div className="batch-shots">
            <Upload
              accept=".zip,application/zip"
              multiple={false}
              showUploadList={false}
              disabled={!ready || uploading}
              beforeUpload={(file) => {
                pickShots(file)
                return false
              }}
              className="batch-shots__picker"
            >
              <Button icon={<FileZipOutlined />} disabled={!ready || uploading}>
                {shots ? '换一个截图压缩包' : '添加截图压缩包（ZIP）'}
              </Button>
            </Upload>
            {shots ? (
              <span className="batch-shots__name">
                {shots.name}
                <Button
                  type="text"
                  size="small"
                  aria-label="移除截图压缩包"
                  icon={<CloseOutlined />}
                  disabled={uploading}
                  onClick={() => pickShots(null)}
                />
              </span>
            ) : (
              <span className="batch-shots__hint">
                可选，不超过 50 MB；每行最多 {GOODS_LIMITS.imagesMax} 张
              </span>
            )}
          </div>
        </li>
      </ol>

      <ErrorAlert className="publish-error" error={error} />
      {preview ? (
        <PreviewSection
          key={preview.batchId}
          preview={preview}
          fileName={sheet?.name ?? ''}
          shotsName={shots?.name ?? ''}
          publishing={publishing.isPending}
          onPublish={publish}
          onReset={reset}
        />
      ) : null}
    </CentreLayout>
  )
}
