/** The screenshots of a listing: the main picture, thumbnails, and a full-screen preview. */
import { useState } from 'react'
import { Image } from 'antd'
import { PictureOutlined } from '@ant-design/icons'
import { GOODS_LIMITS, type GoodsImage } from '@shared/api/goods'
import { imageSrc } from '@renderer/api/goods'

/**
 * The picture and its screen-wide copy as a srcset: a phone (or a desktop's 480 px column at 1×)
 * takes the copy, a wider or denser screen the picture (docs/ssr.md "Images").
 */
function screenshotSrcSet(image: GoodsImage): string | undefined {
  const scale = GOODS_LIMITS.mediumMaxDimension / Math.max(image.width, image.height)
  if (scale >= 1) return undefined
  return `${imageSrc(image.mediumUrl)} ${Math.round(image.width * scale)}w, ${imageSrc(image.url)} ${image.width}w`
}

export function Gallery({ images, title }: { images: GoodsImage[]; title: string }) {
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const current = images[Math.min(index, images.length - 1)]
  if (!current) {
    return (
      <div className="gallery">
        <div className="gallery__main">
          <div className="gallery__empty">
            <PictureOutlined />
            <span>卖家暂未上传截图</span>
          </div>
        </div>
      </div>
    )
  }
  return (
    <div className="gallery">
      <div className="gallery__main">
        <button
          type="button"
          className="gallery__open"
          onClick={() => setOpen(true)}
          aria-label={`查看大图：第 ${index + 1} 张，共 ${images.length} 张`}
        >
          {/* the page's largest picture: fetched ahead of the scripts (docs/ssr.md "Images") */}
          <img
            src={imageSrc(current.url)}
            srcSet={screenshotSrcSet(current)}
            sizes="(max-width: 991px) 100vw, 480px"
            alt={`${title} 截图 ${index + 1}`}
            className="gallery__image"
            fetchPriority="high"
            decoding="async"
          />
        </button>
        <span className="gallery__count">
          {index + 1} / {images.length}
        </span>
      </div>
      <Image.PreviewGroup
        items={images.map((image, i) => ({ src: imageSrc(image.url), alt: `${title} 截图 ${i + 1}` }))}
        preview={{
          open,
          current: index,
          onOpenChange: (value) => setOpen(value),
          onChange: (next) => setIndex(next),
        }}
      />
      {images.length > 1 ? (
        <div className="gallery__thumbs" role="listbox" aria-label="截图缩略图">
          {images.map((image, i) => (
            <button
              key={image.imageId}
              type="button"
              role="option"
              aria-selected={i === index}
              aria-label={`第 ${i + 1} 张截图`}
              className={`gallery__thumb ${i === index ? 'is-active' : ''}`}
              onClick={() => setIndex(i)}
            >
              <img src={imageSrc(image.thumbUrl || image.url)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
