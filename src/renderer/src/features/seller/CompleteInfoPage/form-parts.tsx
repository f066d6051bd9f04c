/** Parts of the publish form: its rule adapter, the contact-details warning, the price hint, the tips. */
import { Alert, Form } from 'antd'
import type { Rule } from 'antd/es/form'
import { BulbOutlined } from '@ant-design/icons'
import type { AttributeField } from '@shared/api/game'
import { protectionNote } from '@shared/api/trade'
import { contactPlaces, type ListingText } from '@shared/rules/contact'
import { formatYuan, yuanToFen } from '@renderer/utils/money'
import { checkPrice, type PublishFormValues, type ShotFile } from '../publish-form'

/** What the form holds: the values of publish-form.ts and the screenshots of the uploader. */
export interface FormValues extends PublishFormValues {
  images: ShotFile[]
}

/** A form rule of a check that answers '' or the message. */
export function rule<T>(check: (value: T) => string): Rule {
  return {
    validator: (_rule, value: T) => {
      const message = check(value)
      return message ? Promise.reject(new Error(message)) : Promise.resolve()
    },
  }
}

/**
 * Warns while the seller types when the title, the description or a free-text attribute looks like
 * off-platform contact details (the server's rule, src/shared/rules/contact.ts): such a listing is
 * held for staff review instead of going on sale.
 */
export function ContactWarning({ fields }: { fields: readonly AttributeField[] }) {
  const form = Form.useFormInstance<FormValues>()
  const title = Form.useWatch('title', form)
  const description = Form.useWatch('description', form)
  const attributes = Form.useWatch('attributes', form)
  const texts: ListingText[] = [
    { field: '标题', text: title ?? '' },
    { field: '描述', text: description ?? '' },
    ...fields
      .filter((f) => f.kind === 'text' && typeof attributes?.[f.key] === 'string')
      .map((f) => ({ field: f.label, text: attributes?.[f.key] as string })),
  ]
  const places = contactPlaces(texts)
  if (!places) return null
  return (
    <Alert
      className="publish-error"
      type="warning"
      showIcon
      title={`${places}疑似含有站外联系方式`}
      description="平台禁止留 QQ、微信、手机号和网址等联系方式（私下交易是诈骗的主要途径）。保留它们提交后，商品需人工审核，通过后才会上架。"
    />
  )
}

export function PriceHint() {
  const price = Form.useWatch<string | undefined>('price', Form.useFormInstance())
  const fen = price ? yuanToFen(price) : null
  if (fen === null || checkPrice(price)) return <>0.01 – 99,999,999.99 元，最多两位小数</>
  return <>{`买家看到的价格：${formatYuan(fen)}`}</>
}

/** What a seller should know while filling the form (desktop: beside it; phone: below it). */
export function PublishTips({ protectionDays, account }: { protectionDays: number; account: boolean }) {
  return (
    <aside className="publish-tips" aria-labelledby="publish-tips-title">
      <h2 id="publish-tips-title">
        <BulbOutlined /> 发布小贴士
      </h2>
      <ul>
        <li>
          <strong>标题写清卖点</strong>段位、英雄/皮肤数量、是否可换绑，买家一眼就能看到。
        </li>
        <li>
          <strong>截图要真实</strong>请上传游戏内实时截图；编辑、拼接过的截图会被驳回。
        </li>
        <li>
          <strong>不要留联系方式</strong>标题、描述和截图中出现微信、QQ、手机号会被下架。
        </li>
        {account ? (
          <li>
            <strong>提前设置发货账号</strong>
            在「发货账号管理」中填好账号信息并开启「自动交付」，买家付款后平台立即交付。
          </li>
        ) : null}
        <li>
          <strong>资金安全</strong>货款由平台托管，{protectionNote(protectionDays)}。
        </li>
      </ul>
    </aside>
  )
}
