/** The create form: prompt, negative prompt, style preset, size preset, count 1–4, seed random or fixed. */
import { useState } from 'react'
import { Button, Form, Input, InputNumber, Radio, Segmented } from 'antd'
import { AI_LIMITS, type AiCreateBody, type AiOptions, type AiSize } from '@shared/api/ai'
import { useCreateAiJob } from '@renderer/api/ai'
import { toast } from '@renderer/utils/toast'

interface Values {
  prompt: string
  negativePrompt?: string
  style: string
  size: AiSize
  count: number
  seedMode: 'random' | 'fixed'
  seed?: number
}

export function CreateForm({ options }: { options: AiOptions }) {
  const [form] = Form.useForm<Values>()
  const create = useCreateAiJob()
  const [seedMode, setSeedMode] = useState<'random' | 'fixed'>('random')
  const left = Math.max(0, options.dailyQuota - options.usedToday)

  const onFinish = (v: Values) => {
    const body: AiCreateBody = {
      prompt: v.prompt.trim(),
      negativePrompt: v.negativePrompt?.trim() ?? '',
      style: v.style,
      size: v.size,
      count: v.count,
      ...(v.seedMode === 'fixed' && v.seed !== undefined ? { seed: v.seed } : {}),
    }
    create.mutate(body, { onSuccess: () => toast('success', '已提交，正在排队') })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ style: options.styles[0]?.value, size: 'square', count: 1, seedMode: 'random' }}
      disabled={!options.provider}
    >
      <Form.Item
        name="prompt"
        label="画面描述"
        rules={[
          { required: true, whitespace: true, message: '请描述您想要的画面' },
          { max: AI_LIMITS.promptMax, message: `画面描述最多 ${AI_LIMITS.promptMax} 个字` },
        ]}
      >
        <Input.TextArea
          rows={4}
          showCount
          maxLength={AI_LIMITS.promptMax}
          placeholder="例如：身穿金色铠甲的少年剑客站在山巅，夕阳，史诗感（中英文均可）"
        />
      </Form.Item>
      <Form.Item name="negativePrompt" label="反向描述（不希望出现的内容）">
        <Input.TextArea
          rows={2}
          showCount
          maxLength={AI_LIMITS.negativeMax}
          placeholder="例如：模糊、变形、文字"
        />
      </Form.Item>
      <Form.Item name="style" label="画风">
        <Radio.Group
          optionType="button"
          options={options.styles.map((s) => ({ label: s.label, value: s.value }))}
        />
      </Form.Item>
      <Form.Item name="size" label="尺寸">
        <Radio.Group
          optionType="button"
          options={options.sizes.map((s) => ({ label: s.label, value: s.key }))}
        />
      </Form.Item>
      <Form.Item name="count" label="生成张数">
        <Segmented options={[1, 2, 3, 4]} />
      </Form.Item>
      <Form.Item label="随机种子" style={{ marginBottom: 8 }}>
        <Form.Item name="seedMode" noStyle>
          <Radio.Group onChange={(e) => setSeedMode(e.target.value as 'random' | 'fixed')}>
            <Radio value="random">随机</Radio>
            <Radio value="fixed">固定</Radio>
          </Radio.Group>
        </Form.Item>
        {seedMode === 'fixed' ? (
          <Form.Item name="seed" noStyle rules={[{ required: true, message: '请填写随机种子' }]}>
            <InputNumber
              min={0}
              max={AI_LIMITS.seedMax}
              precision={0}
              placeholder="0 ~ 2147483647"
              style={{ width: 180 }}
            />
          </Form.Item>
        ) : null}
      </Form.Item>
      <p className="ai-quota">
        今日免费额度 {options.dailyQuota} 张，已用 {options.usedToday} 张，剩余 {left} 张；最多同时进行{' '}
        {options.maxConcurrent} 个任务。
      </p>
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={create.isPending}
        disabled={left === 0}
      >
        {left === 0 ? '今日免费额度已用完' : '开始生成'}
      </Button>
    </Form>
  )
}
