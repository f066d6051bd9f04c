/** The controls of the list page's filter bar: a labelled row, chips and the price range (the keyword box: features/discover/SuggestKeywordBox). */
import { useState, type ReactNode } from 'react'
import { Button, Input } from 'antd'
import { CheckOutlined } from '@ant-design/icons'
import type { Game } from '@shared/api/game'
import { yuanToFen } from '@renderer/utils/money'
import { shortYuan } from '../list-query'

export const ALL = '不限'

/** One line of the filter bar: a label and its choices. */
export function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <span className="filter-row__label">{label}</span>
      <div className="filter-row__body">{children}</div>
    </div>
  )
}

export interface Choice<T> {
  value: T | undefined
  label: string
}

export function Choices<T extends string | number>({
  choices,
  value,
  onChange,
}: {
  choices: Array<Choice<T>>
  value: T | undefined
  onChange: (value: T | undefined) => void
}) {
  return (
    <div className="filter-chips">
      {choices.map((choice) => {
        const active = choice.value === value
        return (
          <button
            key={String(choice.value ?? '__all')}
            type="button"
            className={`filter-chip ${active ? 'is-active' : ''}`}
            aria-pressed={active}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </button>
        )
      })}
    </div>
  )
}

/** Price range in 元; applied with 确定 (or Enter). Reset by the parent's key when the URL changes. */
export function PriceRange({
  min,
  max,
  onApply,
}: {
  min: number | undefined
  max: number | undefined
  onApply: (min: number | undefined, max: number | undefined) => void
}) {
  const [low, setLow] = useState(min === undefined ? '' : shortYuan(min))
  const [high, setHigh] = useState(max === undefined ? '' : shortYuan(max))
  const [error, setError] = useState('')
  const apply = () => {
    const lowFen = low.trim() === '' ? undefined : yuanToFen(low)
    const highFen = high.trim() === '' ? undefined : yuanToFen(high)
    if (lowFen === null || highFen === null) {
      setError('请输入正确的金额（元，最多两位小数）')
      return
    }
    setError('')
    if (lowFen !== undefined && highFen !== undefined && lowFen > highFen) onApply(highFen, lowFen)
    else onApply(lowFen, highFen)
  }
  const input = (value: string, set: (text: string) => void, placeholder: string) => (
    <Input
      size="small"
      className="price-range__input"
      value={value}
      onChange={(e) => set(e.target.value)}
      onPressEnter={apply}
      placeholder={placeholder}
      aria-label={`${placeholder}（元）`}
      suffix="元"
      inputMode="decimal"
      maxLength={12}
      status={error ? 'error' : undefined}
    />
  )
  return (
    <div className="price-range">
      {input(low, setLow, '最低价')}
      <span className="price-range__dash">—</span>
      {input(high, setHigh, '最高价')}
      {/* its icon as `icon`: a Button without one mounts a loading-icon motion that draws it again
          right after hydration (docs/ssr.md "Work after hydration") */}
      <Button size="small" type="primary" ghost icon={<CheckOutlined />} onClick={apply}>
        确定
      </Button>
      {min !== undefined || max !== undefined ? (
        <Button size="small" type="link" onClick={() => onApply(undefined, undefined)}>
          清除
        </Button>
      ) : null}
      {error ? (
        <span className="price-range__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}

/** The game select's filter: Chinese or English name, or a single initial. */
export function gameFilterOption(input: string, game: Game | undefined): boolean {
  if (!game) return false
  const q = input.trim().toLowerCase()
  return (
    game.nameCn.toLowerCase().includes(q) ||
    game.nameEn.toLowerCase().includes(q) ||
    (q.length === 1 && game.initial.toLowerCase() === q)
  )
}
