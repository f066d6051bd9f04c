/**
 * Screenshots of a listing: antd Upload (picture cards), each file checked in the browser (JPG, PNG
 * or WebP, ≤ 5 MiB, at most 12) and sent through the request layer — so it carries the
 * Authorization header from the platform adapter and the answer's envelope is honoured. The server
 * re-encodes each image with the site watermark and answers its processed URLs. The first picture is
 * the cover; pictures are reordered by dragging, by the arrow buttons or 设为封面. A failed upload
 * stays in the list in red with the server's reason until removed.
 */
import './image-uploader.css'
import { useState } from 'react'
import { Progress, Tooltip, Upload, type UploadProps } from 'antd'
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  ExclamationCircleOutlined,
  PlusOutlined,
  StarOutlined,
} from '@ant-design/icons'
import { GOODS_LIMITS, type GoodsImage } from '@shared/api/goods'
import { imageSrc, uploadGoodsImage } from '@renderer/api/goods'
import { ApiError } from '@renderer/api/http'
import { apiErrorText, toastError } from '@renderer/utils/api-error'
import { toast } from '@renderer/utils/toast'
import { checkImageFile, moveItem, type ShotFile } from './publish-form'

const ACCEPT = GOODS_LIMITS.imageMimeTypes.join(',')

export interface ImageUploaderProps {
  value?: ShotFile[]
  onChange?: (list: ShotFile[]) => void
  max?: number
  disabled?: boolean
}

export function ImageUploader({
  value = [],
  onChange,
  max = GOODS_LIMITS.imagesMax,
  disabled,
}: ImageUploaderProps) {
  const [dragging, setDragging] = useState<string | null>(null)
  const move = (from: number, to: number) => onChange?.(moveItem(value, from, to))

  const beforeUpload: UploadProps<GoodsImage>['beforeUpload'] = (file, batch) => {
    const problem = checkImageFile(file)
    if (problem) {
      toast('error', problem)
      return Upload.LIST_IGNORE
    }
    if (value.length + batch.indexOf(file) >= max) {
      toast('warning', `最多上传 ${max} 张截图`)
      return Upload.LIST_IGNORE
    }
    return true
  }

  const customRequest: UploadProps<GoodsImage>['customRequest'] = ({
    file,
    onProgress,
    onSuccess,
    onError,
  }) => {
    const controller = new AbortController()
    uploadGoodsImage(file as File, {
      signal: controller.signal,
      onProgress: (percent) => onProgress?.({ percent }),
    }).then(
      (image) => onSuccess?.(image),
      (error: unknown) => {
        if (error instanceof ApiError && error.kind === 'canceled') return
        const message = apiErrorText(error, '图片上传失败')
        toastError(error, '图片上传失败')
        onError?.(Object.assign(new Error(message), { status: error instanceof ApiError ? error.code : 0 }))
      },
    )
    return { abort: () => controller.abort() }
  }

  return (
    <div className="shots">
      <Upload<GoodsImage>
        listType="picture-card"
        accept={ACCEPT}
        multiple
        disabled={disabled}
        fileList={value}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={({ fileList }) => onChange?.(fileList)}
        itemRender={(_origin, file, list, actions) => {
          const index = list.findIndex((f) => f.uid === file.uid)
          const src = imageSrc(file.response?.thumbUrl || file.thumbUrl || file.url)
          const failed = file.status === 'error'
          const reason = failed ? (file.error as Error | undefined)?.message || '上传失败' : ''
          return (
            <div
              className={`shot ${failed ? 'shot--error' : ''} ${dragging === file.uid ? 'shot--dragging' : ''}`}
              draggable={!disabled && list.length > 1}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', file.uid)
                setDragging(file.uid)
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                if (dragging) e.preventDefault()
              }}
              onDrop={(e) => {
                e.preventDefault()
                const from = list.findIndex(
                  (f) => f.uid === (dragging ?? e.dataTransfer.getData('text/plain')),
                )
                setDragging(null)
                if (from >= 0) move(from, index)
              }}
              aria-label={`截图 ${index + 1}${index === 0 ? '（封面）' : ''}`}
            >
              {file.status === 'uploading' ? (
                <div className="shot__progress">
                  <span>上传中</span>
                  <Progress percent={Math.round(file.percent ?? 0)} size="small" showInfo={false} />
                </div>
              ) : failed ? (
                <Tooltip title={reason}>
                  <div className="shot__failed" role="alert">
                    <ExclamationCircleOutlined />
                    <span>{reason}</span>
                  </div>
                </Tooltip>
              ) : src ? (
                <img src={src} alt={file.name} className="shot__img" draggable={false} />
              ) : null}
              {index === 0 && !failed ? <span className="shot__cover">封面</span> : null}
              {disabled ? null : (
                <div className="shot__actions">
                  {index > 0 && !failed ? (
                    <Tooltip title="设为封面">
                      <button
                        type="button"
                        aria-label={`把截图 ${index + 1} 设为封面`}
                        onClick={() => move(index, 0)}
                      >
                        <StarOutlined />
                      </button>
                    </Tooltip>
                  ) : null}
                  {index > 0 ? (
                    <button
                      type="button"
                      aria-label={`截图 ${index + 1} 前移`}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowLeftOutlined />
                    </button>
                  ) : null}
                  {index < list.length - 1 ? (
                    <button
                      type="button"
                      aria-label={`截图 ${index + 1} 后移`}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowRightOutlined />
                    </button>
                  ) : null}
                  <button type="button" aria-label={`删除截图 ${index + 1}`} onClick={actions.remove}>
                    <DeleteOutlined />
                  </button>
                </div>
              )}
            </div>
          )
        }}
      >
        {value.length >= max || disabled ? null : (
          <div className="shots__add">
            <PlusOutlined />
            <span>上传截图</span>
            <small>
              {value.length}/{max}
            </small>
          </div>
        )}
      </Upload>
    </div>
  )
}

export default ImageUploader
