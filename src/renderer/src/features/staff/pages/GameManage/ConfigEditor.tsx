/**
 * The goods types a game allows with their attribute fields (what getGameConfig serves to the
 * publish form and the list filters) and the protection days. The server checks every rule again
 * (game/config-rules.ts) and names the field it refuses.
 */
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd'
import { GOODS_TYPE_LABELS, GOODS_TYPES } from '@shared/api/goods'
import type { AttributeField, GameConfig, GoodsTypeConfig } from '@shared/api/game'
import { ATTRIBUTE_KIND_LABELS, ATTRIBUTE_KINDS, GAME_LIMITS } from '@shared/api/game'
import { PERMS } from '@shared/permissions'
import { useSaveGameConfig } from '@renderer/api/game'
import { HasPermi } from '@renderer/components/HasPermi'
import { useHasPermi } from '@renderer/components/use-permission'
import { fieldBase } from './field-base'

interface Values {
  protectionDays: number
  goodsTypes: GoodsTypeConfig[]
}

const CHOICE = new Set<AttributeField['kind']>(['select', 'multiselect'])

/** Only what a field's kind means is sent (the server refuses options on a number, and so on). */
function clean(a: AttributeField): AttributeField {
  const out: AttributeField = { ...fieldBase(a), filterable: Boolean(a.filterable) }
  if (CHOICE.has(a.kind)) out.options = a.options ?? []
  if (a.kind === 'number') {
    if (a.min !== undefined && a.min !== null) out.min = a.min
    if (a.max !== undefined && a.max !== null) out.max = a.max
  }
  if (a.unit?.trim()) out.unit = a.unit.trim()
  return out
}

function AttributeRow({
  typeIndex,
  index,
  onRemove,
}: {
  typeIndex: number
  index: number
  onRemove: () => void
}) {
  const form = Form.useFormInstance<Values>()
  const kind = Form.useWatch(['goodsTypes', typeIndex, 'attributes', index, 'kind'], form)
  return (
    <Space
      wrap
      align="start"
      style={{ borderBottom: '1px dashed var(--ant-color-border)', paddingBottom: 8 }}
    >
      <Form.Item
        name={[index, 'key']}
        rules={[{ required: true, whitespace: true, message: '属性标识' }]}
        noStyle
      >
        <Input placeholder="属性标识" maxLength={30} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name={[index, 'label']} noStyle>
        <Input placeholder="显示名称" maxLength={30} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name={[index, 'kind']} noStyle>
        <Select
          style={{ width: 96 }}
          options={ATTRIBUTE_KINDS.map((k) => ({ value: k, label: ATTRIBUTE_KIND_LABELS[k] }))}
        />
      </Form.Item>
      {CHOICE.has(kind) ? (
        <Form.Item name={[index, 'options']} noStyle>
          <Select
            mode="tags"
            placeholder="可选项（回车添加）"
            maxCount={GAME_LIMITS.options}
            style={{ minWidth: 220 }}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
      ) : null}
      {kind === 'number' ? (
        <>
          <Form.Item name={[index, 'min']} noStyle>
            <InputNumber placeholder="最小值" min={0} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name={[index, 'max']} noStyle>
            <InputNumber placeholder="最大值" min={0} precision={0} style={{ width: 90 }} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name={[index, 'unit']} noStyle>
        <Input placeholder="单位" maxLength={10} style={{ width: 64 }} />
      </Form.Item>
      <Form.Item name={[index, 'required']} valuePropName="checked" noStyle>
        <Checkbox>必填</Checkbox>
      </Form.Item>
      <Form.Item name={[index, 'filterable']} valuePropName="checked" noStyle>
        <Checkbox disabled={kind === 'number' || kind === 'text'}>可筛选</Checkbox>
      </Form.Item>
      <HasPermi permissions={[PERMS.gameEdit]}>
        <Button type="link" danger size="small" onClick={onRemove}>
          删除
        </Button>
      </HasPermi>
    </Space>
  )
}

export function ConfigEditor({ config }: { config: GameConfig }) {
  const [form] = Form.useForm<Values>()
  const save = useSaveGameConfig()
  const canEdit = useHasPermi([PERMS.gameEdit])
  return (
    <Form<Values>
      form={form}
      disabled={!canEdit}
      initialValues={{ protectionDays: config.protectionDays, goodsTypes: config.goodsTypes }}
      onFinish={(values) =>
        save.mutate({
          gameId: config.gameId,
          protectionDays: values.protectionDays,
          goodsTypes: (values.goodsTypes ?? []).map((t) => ({
            goodsType: t.goodsType,
            label: (t.label ?? '').trim(),
            requireServer: Boolean(t.requireServer),
            attributes: (t.attributes ?? []).map(clean),
          })),
        })
      }
    >
      <Form.Item
        name="protectionDays"
        label="保障期（天，完成后款项托管）"
        rules={[{ required: true, message: '请填写保障期天数' }]}
      >
        <InputNumber min={0} max={GAME_LIMITS.protectionDaysMax} precision={0} />
      </Form.Item>
      <Form.List name="goodsTypes">
        {(types, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {types.map((type) => (
              <Card
                key={type.key}
                size="small"
                title={
                  <Space>
                    <Form.Item name={[type.name, 'goodsType']} noStyle>
                      <Select
                        style={{ width: 110 }}
                        options={GOODS_TYPES.map((g) => ({ value: g, label: GOODS_TYPE_LABELS[g] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[type.name, 'label']} noStyle>
                      <Input placeholder="类型名称" maxLength={30} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[type.name, 'requireServer']} valuePropName="checked" noStyle>
                      <Switch checkedChildren="需区服" unCheckedChildren="不需区服" />
                    </Form.Item>
                  </Space>
                }
                extra={
                  <HasPermi permissions={[PERMS.gameEdit]}>
                    <Button type="link" danger size="small" onClick={() => remove(type.name)}>
                      删除类型
                    </Button>
                  </HasPermi>
                }
              >
                <Form.List name={[type.name, 'attributes']}>
                  {(attrs, ops) => (
                    <Space direction="vertical" style={{ width: '100%' }}>
                      {attrs.map((attr) => (
                        <AttributeRow
                          key={attr.key}
                          typeIndex={type.name}
                          index={attr.name}
                          onRemove={() => ops.remove(attr.name)}
                        />
                      ))}
                      <HasPermi permissions={[PERMS.gameEdit]}>
                        <Button
                          type="dashed"
                          size="small"
                          onClick={() =>
                            ops.add({
                              key: '',
                              label: '',
                              kind: 'select',
                              options: [],
                              required: false,
                              filterable: true,
                            })
                          }
                        >
                          + 属性
                        </Button>
                      </HasPermi>
                    </Space>
                  )}
                </Form.List>
              </Card>
            ))}
            <Typography.Text type="secondary">
              改动属性标识或删除类型会影响已有商品的展示与筛选，请谨慎操作。
            </Typography.Text>
            <HasPermi permissions={[PERMS.gameEdit]}>
              <Space>
                <Button
                  type="dashed"
                  disabled={types.length >= GAME_LIMITS.goodsTypes}
                  onClick={() => {
                    const used = new Set(
                      (form.getFieldValue('goodsTypes') as GoodsTypeConfig[]).map((t) => t.goodsType),
                    )
                    const next = GOODS_TYPES.find((g) => !used.has(g)) ?? 'ACCOUNT'
                    add({
                      goodsType: next,
                      label: GOODS_TYPE_LABELS[next],
                      requireServer: true,
                      attributes: [],
                    })
                  }}
                >
                  + 商品类型
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  保存商品配置
                </Button>
              </Space>
            </HasPermi>
          </Space>
        )}
      </Form.List>
    </Form>
  )
}
