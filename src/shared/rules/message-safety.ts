/**
 * The safety filter of conversations between a buyer and a seller: the guaranteed-order (escrow)
 * room and the pre-sale chat (docs/pre-sale-chat.md) refuse the same things, with the same words:
 *  - a secret the platform knows (an order's delivered password) anywhere in the text;
 *  - a password given in so many words (密码 / password / pwd / 口令 followed by a value);
 *  - off-platform contact details: QQ, WeChat, mobile numbers, links, e-mail (rules/contact.ts).
 * Plain data plus functions: no Node, no DOM (the renderer may pre-check with it too).
 */
import { CONTACT_LABELS, findContacts, normalizeContactText } from './contact'

/** 密码是 Abc123 / pwd: abc123 / 口令=xxxx: a password word, then a printable ASCII value of 4 or more. */
const PASSWORD_GIVEN =
  /(?:密码|密碼|口令|password|passwd|pass\s*word|pwd)\s*(?:是|为|為|:|=|：)?\s*[\x21-\x7e]{4,}/i

/**
 * Why a message may not be sent (a Chinese sentence for the sender), or null when it may.
 * `place` names the conversation in the sentence (担保群, 咨询); `secrets` are known secret values.
 */
export function messageSafetyProblem(
  content: string,
  opts: { place: string; secrets?: readonly string[] },
): string | null {
  for (const secret of opts.secrets ?? [])
    if (secret && content.includes(secret))
      return `消息中包含账号密码，为保障账号安全，请勿在${opts.place}中发送密码`
  if (PASSWORD_GIVEN.test(normalizeContactText(content)))
    return `消息中疑似包含密码，为保障账号安全，请勿在${opts.place}中发送密码`
  const found = findContacts(content)
  if (found.length > 0)
    return `消息不能包含站外联系方式（${CONTACT_LABELS[found[0]!.kind]}），请在平台内沟通，谨防诈骗`
  return null
}
