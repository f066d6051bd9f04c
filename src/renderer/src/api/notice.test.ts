import { describe, expect, it } from 'vitest'
import { isNoticeType, noticeParagraphs } from './notice'

describe('noticeParagraphs', () => {
  it('splits plain text on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(noticeParagraphs('第一段\n第一段第二行\n\n第二段\r\n\r\n  \n第三段\n')).toEqual([
      '第一段\n第一段第二行',
      '第二段',
      '第三段',
    ])
  })
  it('gives nothing for empty content', () => {
    expect(noticeParagraphs('')).toEqual([])
    expect(noticeParagraphs(undefined)).toEqual([])
  })
  it('knows the notice types', () => {
    expect(isNoticeType('GUIDE')).toBe(true)
    expect(isNoticeType('guide')).toBe(false)
    expect(isNoticeType(null)).toBe(false)
  })
})
