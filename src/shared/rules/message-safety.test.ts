/** The filter both conversations (escrow room, pre-sale chat) apply before a message is stored. */
import { describe, expect, it } from 'vitest'
import { messageSafetyProblem } from './message-safety'

const check = (text: string, secrets?: string[]) => messageSafetyProblem(text, { place: '咨询', secrets })

describe('messageSafetyProblem', () => {
  it('lets ordinary questions through', () => {
    for (const text of [
      '这个号还在吗？',
      '能便宜点吗，300 可以吗',
      'QQ区的号吗',
      '密码已经改好了',
      'V10 的号',
    ])
      expect(check(text)).toBeNull()
  })

  it('refuses a known secret anywhere in the text', () => {
    expect(check('给你 Secret#991 试试', ['Secret#991'])).toBe(
      '消息中包含账号密码，为保障账号安全，请勿在咨询中发送密码',
    )
  })

  it('refuses a password given in so many words, full-width too', () => {
    for (const text of ['密码是 abc12345', 'pwd: hunter22', '口令＝ＡＢＣ１２３', 'Password abcd'])
      expect(check(text)).toBe('消息中疑似包含密码，为保障账号安全，请勿在咨询中发送密码')
  })

  it('refuses contact details and names their kind', () => {
    expect(check('加我QQ 12345678')).toContain('QQ号')
    expect(check('微信 abc_12345')).toContain('微信号')
    expect(check('打 138 1234 5678')).toContain('手机号')
    expect(check('看 https://evil.example.com')).toContain('网址链接')
    expect(check('加我QQ 12345678')).toMatch(/^消息不能包含站外联系方式/)
  })
})
