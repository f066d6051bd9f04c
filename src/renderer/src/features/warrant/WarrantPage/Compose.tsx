import { useState } from 'react'
import { Button, Image, Input, Upload } from 'antd'
import { PictureOutlined, SendOutlined } from '@ant-design/icons'
import type { GoodsImage } from '@shared/api/goods'
import { imageSrc, uploadGoodsImage } from '@renderer/api/goods'
import { usePostWarrantMessage } from '@renderer/api/warrant'
import { toastError } from '@renderer/utils/api-error'

const MAX_IMAGES = 6

/** A message to the room: text and evidence images (never the account's password). */
export function Compose({ orderNo }: { orderNo: string }) {
  const [text, setText] = useState('')
  const [images, setImages] = useState<GoodsImage[]>([])
  const [uploading, setUploading] = useState(0)
  const post = usePostWarrantMessage()
  // a refusal (e.g. a password in the text) is a toast of the request layer
  const send = () => {
    if (!text.trim() && images.length === 0) return
    post.mutate(
      { orderNo, content: text.trim(), imageIds: images.map((i) => i.imageId) },
      {
        onSuccess: () => {
          setText('')
          setImages([])
        },
      },
    )
  }
  return (
    <div className="warrant-compose">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        maxLength={1000}
        aria-label="消息内容"
        placeholder="描述问题或上传证据截图；请勿在此发送账号密码"
        onPressEnter={(e) => {
          if (!e.shiftKey) {
            e.preventDefault()
            send()
          }
        }}
      />
      {images.length > 0 ? (
        <div className="warrant-msg__images">
          {images.map((image) => (
            <Image
              key={image.imageId}
              src={imageSrc(image.thumbUrl || image.url)}
              width={64}
              height={48}
              alt="待发送图片"
            />
          ))}
        </div>
      ) : null}
      <div className="warrant-compose__bar">
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          multiple
          disabled={images.length >= MAX_IMAGES}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1)
            uploadGoodsImage(file as Blob)
              .then((image) => {
                setImages((list) => (list.length >= MAX_IMAGES ? list : [...list, image]))
                onSuccess?.(image)
              })
              .catch((err: unknown) => {
                toastError(err, '图片上传失败')
                onError?.(err as Error)
              })
              .finally(() => setUploading((n) => n - 1))
          }}
        >
          <Button icon={<PictureOutlined />} loading={uploading > 0}>
            证据图片
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={post.isPending}
          disabled={uploading > 0}
          onClick={send}
        >
          发送
        </Button>
      </div>
    </div>
  )
}
