/**
 * 换绑清单: after receiving a game account, what the buyer should change so the seller can no longer
 * take it back (docs/trading-rules.md, "换绑 checklist"). The ticks are kept in this browser per order
 * (localStorage); they are a reminder, not a condition of confirming receipt.
 */
import { useState } from 'react'
import { Checkbox, Progress } from 'antd'

export const REBIND_ITEMS = [
  { key: 'password', label: '修改登录密码', hint: '改成只有您知道的新密码' },
  { key: 'phone', label: '换绑手机号', hint: '解绑卖家的手机，绑定您自己的' },
  { key: 'email', label: '换绑邮箱', hint: '解绑或改成您自己的邮箱' },
  { key: 'realName', label: '更换实名信息', hint: '游戏支持时改为您本人的实名认证' },
  { key: 'security', label: '重设密保问题', hint: '删除或重设卖家设置的密保问题' },
] as const

type ItemKey = (typeof REBIND_ITEMS)[number]['key']

const storageKey = (orderNo: string) => `rebind-checklist:${orderNo}`

function load(orderNo: string): ItemKey[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(orderNo)) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter((k): k is ItemKey => REBIND_ITEMS.some((i) => i.key === k))
      : []
  } catch {
    return []
  }
}

export function RebindChecklist({ orderNo }: { orderNo: string }) {
  const [done, setDone] = useState<ItemKey[]>(() => load(orderNo))
  const change = (next: ItemKey[]) => {
    setDone(next)
    try {
      localStorage.setItem(storageKey(orderNo), JSON.stringify(next))
    } catch {
      // private mode: the ticks last for this visit only
    }
  }
  const percent = Math.round((done.length / REBIND_ITEMS.length) * 100)
  return (
    <section className="rebind-checklist" aria-label="换绑清单">
      <h3 className="panel__title">换绑清单</h3>
      <p className="order-card__sub">登录账号后逐项完成，全部完成再确认收货更安心。</p>
      <Progress percent={percent} size="small" aria-label="换绑进度" />
      <Checkbox.Group
        value={done}
        onChange={(v) => change(v as ItemKey[])}
        options={REBIND_ITEMS.map((item) => ({
          value: item.key,
          label: (
            <span>
              <strong>{item.label}</strong>
              <span className="order-card__sub">（{item.hint}）</span>
            </span>
          ),
        }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      />
    </section>
  )
}
