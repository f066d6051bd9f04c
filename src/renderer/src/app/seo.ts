/** Page title and SEO meta: `<title> - <site>`, and a game list's names as title, keywords and description. */
import { SITE_NAME } from '@shared/constants'
import type { Game } from '@shared/api/game'

export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} - ${SITE_NAME}` : SITE_NAME
}

export interface Seo {
  title: string
  keywords: string
  description: string
}

/** /list.html?gameId=…: title, keywords and description from the game's Chinese and English names. */
export function gameSeo(game: Pick<Game, 'nameCn' | 'nameEn'>): Seo {
  const { nameCn, nameEn } = game
  return {
    title: `${nameCn}(${nameEn})账号交易 - ${SITE_NAME}`,
    keywords: `${nameCn}账号交易,${nameCn}账号买卖,${nameEn}账号交易,${nameCn}装备交易,${nameCn}游戏币,${SITE_NAME}`,
    description: `${SITE_NAME}${nameCn}(${nameEn})专区：${nameCn}游戏账号、装备、游戏币安全交易，担保交易，资金由平台托管，买卖更放心。`,
  }
}

/** The tag, which keeps the page's own value (index.html's) in data-default the first time it is changed. */
function metaTag(name: 'keywords' | 'description'): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = name
    document.head.appendChild(tag)
  }
  if (tag.dataset.default === undefined) tag.dataset.default = tag.content
  return tag
}

/** Set keywords and description; without arguments, restore those of index.html. */
export function setSeoMeta(seo?: Pick<Seo, 'keywords' | 'description'>): void {
  const keywords = metaTag('keywords')
  const description = metaTag('description')
  keywords.content = seo?.keywords ?? keywords.dataset.default ?? ''
  description.content = seo?.description ?? description.dataset.default ?? ''
}
