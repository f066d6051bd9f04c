/**
 * A small rich-text editor: a textarea of HTML with a toolbar that wraps the selection in one of the
 * tags the server keeps (notice/sanitize.ts). No HTML is rendered here: the preview shows what the
 * server answers after sanitising.
 */
import { useRef } from 'react'
import { Button, Input, Space, Tooltip } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { NOTICE_LIMITS } from '@shared/api/notice'

interface Tool {
  label: string
  title: string
  /** wraps the selection: [before, after]; the placeholder stands in for an empty selection */
  wrap: [string, string]
  placeholder?: string
}

const TOOLS: Tool[] = [
  { label: '段落', title: '段落 <p>', wrap: ['<p>', '</p>'], placeholder: '段落文字' },
  { label: 'H2', title: '标题 <h2>', wrap: ['<h2>', '</h2>'], placeholder: '标题' },
  { label: 'H3', title: '小标题 <h3>', wrap: ['<h3>', '</h3>'], placeholder: '小标题' },
  { label: 'B', title: '加粗 <strong>', wrap: ['<strong>', '</strong>'], placeholder: '加粗文字' },
  { label: 'I', title: '斜体 <em>', wrap: ['<em>', '</em>'], placeholder: '斜体文字' },
  { label: 'U', title: '下划线 <u>', wrap: ['<u>', '</u>'], placeholder: '文字' },
  { label: '列表', title: '无序列表 <ul>', wrap: ['<ul>\n  <li>', '</li>\n</ul>'], placeholder: '列表项' },
  { label: '编号', title: '有序列表 <ol>', wrap: ['<ol>\n  <li>', '</li>\n</ol>'], placeholder: '列表项' },
  {
    label: '引用',
    title: '引用 <blockquote>',
    wrap: ['<blockquote>', '</blockquote>'],
    placeholder: '引用文字',
  },
  {
    label: '链接',
    title: '链接 <a>（http/https）',
    wrap: ['<a href="https://">', '</a>'],
    placeholder: '链接文字',
  },
  { label: '分隔线', title: '分隔线 <hr>', wrap: ['<hr />', ''] },
]

export function RichTextArea({
  value = '',
  onChange,
}: {
  value?: string
  onChange?: (value: string) => void
}) {
  const ref = useRef<TextAreaRef>(null)

  const apply = (tool: Tool) => {
    const area = ref.current?.resizableTextArea?.textArea
    const start = area?.selectionStart ?? value.length
    const end = area?.selectionEnd ?? value.length
    const selected = value.slice(start, end) || tool.placeholder || ''
    const [before, after] = tool.wrap
    onChange?.(`${value.slice(0, start)}${before}${selected}${after}${value.slice(end)}`)
    // keep the wrapped text selected for the next tool
    requestAnimationFrame(() => {
      area?.focus()
      area?.setSelectionRange(start + before.length, start + before.length + selected.length)
    })
  }

  return (
    <div>
      <Space size={4} wrap style={{ marginBottom: 6 }} role="toolbar" aria-label="格式">
        {TOOLS.map((tool) => (
          <Tooltip key={tool.label} title={tool.title}>
            <Button size="small" onClick={() => apply(tool)}>
              {tool.label}
            </Button>
          </Tooltip>
        ))}
      </Space>
      <Input.TextArea
        ref={ref}
        aria-label="公告内容"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 12, maxRows: 24 }}
        maxLength={NOTICE_LIMITS.content}
        style={{ fontFamily: 'var(--ant-font-family-code, monospace)' }}
        placeholder="<p>正文……</p>（支持段落、标题、加粗、列表、引用、链接、图片；脚本和样式会被服务器去除）"
      />
    </div>
  )
}
