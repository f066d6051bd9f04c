/**
 * The game's filterable attributes as chip rows: the first few show, the rest wait behind 更多筛选
 * (on a phone all of them), except those already chosen.
 */
import { useState } from 'react'
import { DownOutlined, UpOutlined } from '@ant-design/icons'
import type { AttributeField } from '@shared/api/game'
import { useIsMobile } from '@renderer/stores/app'
import { ALL, Choices, FilterRow } from './filter-controls'

export function AttributeFilters({
  fields,
  attrs,
  onChange,
}: {
  fields: AttributeField[]
  attrs: Record<string, string>
  onChange: (attrs: Record<string, string>) => void
}) {
  const mobile = useIsMobile()
  const [expanded, setExpanded] = useState(false)
  const visibleCount = mobile ? 0 : 3
  const shown = expanded ? fields : fields.filter((f, i) => i < visibleCount || attrs[f.key] !== undefined)
  const hidden = fields.length - shown.length
  const set = (key: string, value: string | undefined) => {
    const next = { ...attrs }
    if (value === undefined) delete next[key]
    else next[key] = value
    onChange(next)
  }
  return (
    <>
      {shown.map((field) => {
        const choices =
          (field.kind === 'select' || field.kind === 'multiselect') && field.options?.length
            ? field.options.map((o) => ({ value: o, label: o }))
            : field.kind === 'boolean'
              ? [
                  { value: 'true', label: '是' },
                  { value: 'false', label: '否' },
                ]
              : null
        if (!choices) return null
        return (
          <FilterRow key={field.key} label={field.label}>
            <Choices<string>
              choices={[{ value: undefined, label: ALL }, ...choices]}
              value={attrs[field.key]}
              onChange={(v) => set(field.key, v)}
            />
          </FilterRow>
        )
      })}
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className="filter-more"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? (
            <>
              收起筛选 <UpOutlined />
            </>
          ) : (
            <>
              更多筛选（
              {fields
                .filter((f) => !shown.includes(f))
                .slice(0, 3)
                .map((f) => f.label)
                .join('、')}
              {hidden > 3 ? '等' : ''}） <DownOutlined />
            </>
          )}
        </button>
      ) : null}
    </>
  )
}
