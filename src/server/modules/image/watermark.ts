/**
 * The site watermark (every goods image carries one, docs/product.md): a small mark and the site name, white with a
 * dark outline at partial opacity so it reads on light and dark pictures, bottom-right, scaled to the
 * picture. Drawn as SVG and rendered by sharp (librsvg); the name uses a CJK font when one is
 * installed (WenQuanYi Zen Hei on CI, Noto/YaHei elsewhere). The mark is plain geometry, so every
 * picture is marked even on a machine without CJK fonts.
 */
import { SITE_NAME } from '../../../shared/constants'

export interface Watermark {
  svg: Buffer
  left: number
  top: number
  width: number
  height: number
}

const FONTS = "'WenQuanYi Zen Hei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', sans-serif"

export function watermarkFor(imageWidth: number, imageHeight: number): Watermark {
  const shortSide = Math.min(imageWidth, imageHeight)
  let font = Math.max(10, Math.min(64, Math.round(shortSide * 0.045)))
  const layout = (f: number) => {
    const pad = Math.round(f * 0.35)
    const mark = Math.round(f * 1.3)
    const textWidth = Math.round(f * [...SITE_NAME].length * 1.02)
    return { pad, mark, textWidth, width: pad * 2 + mark + pad + textWidth, height: pad * 2 + mark }
  }
  let box = layout(font)
  // never wider than 45% of the picture
  if (box.width > imageWidth * 0.45) {
    font = Math.max(6, Math.floor((font * imageWidth * 0.45) / box.width))
    box = layout(font)
  }
  const { pad, mark, width, height } = box
  const margin = Math.max(4, Math.round(shortSide * 0.02))
  const r = Math.round(mark * 0.22)
  const cx = pad + mark / 2
  const cy = pad + mark / 2
  const d = mark * 0.3
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <g opacity="0.6">
    <rect x="${pad}" y="${pad}" width="${mark}" height="${mark}" rx="${r}" fill="#1890ff" stroke="#ffffff" stroke-width="${Math.max(1, mark * 0.06)}"/>
    <path d="M ${cx} ${cy - d} L ${cx + d} ${cy} L ${cx} ${cy + d} L ${cx - d} ${cy} Z" fill="#ffffff"/>
    <text x="${pad * 2 + mark}" y="${pad + mark * 0.5}" dominant-baseline="central" font-family="${FONTS}" font-size="${font}" font-weight="bold" fill="#ffffff" stroke="#000000" stroke-opacity="0.55" stroke-width="${Math.max(0.6, font * 0.06)}" paint-order="stroke">${SITE_NAME}</text>
  </g>
</svg>`
  return {
    svg: Buffer.from(svg),
    width,
    height,
    left: Math.max(0, imageWidth - width - margin),
    top: Math.max(0, imageHeight - height - margin),
  }
}
