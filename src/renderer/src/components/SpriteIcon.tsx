/**
 * Icons drawn many times on one page (every listing card's views, shop, follow and no-picture
 * icons) as references into one sprite. As antd's icon components, a list page's 20 cards carried
 * the same four SVG paths twenty times: 80 KB of its 135 KB of HTML, a tenth of its server render
 * (docs/ssr.md "Render cost"). `IconSprite` (once, in the app's root: RootShell) holds each path
 * once; `SpriteIcon` draws `<svg><use href="#icon-…">` inside antd's icon classes, so it sizes and
 * aligns like the antd icon it replaces. Icons drawn once a page stay antd's components.
 */
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined'
import HeartFilled from '@ant-design/icons-svg/es/asn/HeartFilled'
import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined'
import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined'
import ShopOutlined from '@ant-design/icons-svg/es/asn/ShopOutlined'
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types'
import './sprite-icon.css'

const SPRITE = {
  eye: EyeOutlined,
  shop: ShopOutlined,
  heart: HeartOutlined,
  'heart-filled': HeartFilled,
  picture: PictureOutlined,
} satisfies Record<string, IconDefinition>

export type SpriteName = keyof typeof SPRITE

/** outlined and filled icons are plain nodes (only two-tone ones are functions of their colours) */
const nodeOf = (name: SpriteName) => SPRITE[name].icon as AbstractNode

/** The symbols, once per page (hidden; `<use>` draws them). */
export function IconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true" focusable="false">
      {(Object.keys(SPRITE) as SpriteName[]).map((name) => {
        const node = nodeOf(name)
        return (
          <symbol key={name} id={`icon-${name}`} viewBox={node.attrs.viewBox}>
            {node.children?.map((child, i) => (
              <path key={i} d={child.attrs.d} />
            ))}
          </symbol>
        )
      })}
    </svg>
  )
}

/** An icon of the sprite, named for assistive technology as antd names its icons. */
export function SpriteIcon({ name }: { name: SpriteName }) {
  const label = SPRITE[name].name
  return (
    <span role="img" aria-label={label} className={`anticon anticon-${label}`}>
      <svg width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <use href={`#icon-${name}`} />
      </svg>
    </span>
  )
}
