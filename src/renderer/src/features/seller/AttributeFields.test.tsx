import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Form } from 'antd'
import { TestProviders } from '@renderer/testing/render-page'
import { CONFIG } from '@renderer/testing/catalogue-fixtures'
import { pickOption } from '@renderer/testing/pick-option'
import { AttributeFields } from './AttributeFields'

const fields = CONFIG.goodsTypes[0]!.attributes

function renderFields(onFinish = vi.fn()) {
  render(
    <TestProviders>
      <Form onFinish={onFinish}>
        <AttributeFields fields={fields} />
        <button type="submit">提交</button>
      </Form>
    </TestProviders>,
  )
  return onFinish
}

describe('attribute fields from a GameConfig', () => {
  it('renders each field by its kind, with its label and marks the required ones', () => {
    renderFields()
    expect(screen.getByLabelText('段位').getAttribute('role')).toBe('combobox')
    expect(screen.getByLabelText('英雄数量').getAttribute('role')).toBe('spinbutton')
    expect(screen.getByLabelText('典藏皮肤').getAttribute('role')).toBe('combobox')
    const yesNo = screen.getByLabelText('已实名认证')
    expect(yesNo.getAttribute('role')).toBe('radiogroup')
    expect(yesNo.querySelectorAll('input[type="radio"]')).toHaveLength(2)
    expect((screen.getByLabelText('备注') as HTMLInputElement).type).toBe('text')
    expect(screen.getByText('个')).toBeTruthy()
    const required = [...document.querySelectorAll('.ant-form-item-required')].map((el) => el.textContent)
    expect(required).toEqual(['段位', '英雄数量'])
  })

  it('refuses a submit without the required values, with the field named', async () => {
    const onFinish = renderFields()
    fireEvent.click(screen.getByText('提交'))
    expect(await screen.findByText('请选择段位')).toBeTruthy()
    expect(await screen.findByText('请填写英雄数量')).toBeTruthy()
    expect(onFinish).not.toHaveBeenCalled()
  })

  it('bounds a number field by the config range', () => {
    renderFields()
    const heroes = screen.getByLabelText('英雄数量')
    expect(heroes.getAttribute('aria-valuemin')).toBe('0')
    expect(heroes.getAttribute('aria-valuemax')).toBe('130')
  })

  it('submits the typed values under attributes', async () => {
    const onFinish = renderFields()
    await pickOption('段位', '最强王者')
    fireEvent.change(screen.getByLabelText('英雄数量'), { target: { value: '120' } })
    fireEvent.click(within(screen.getByLabelText('已实名认证')).getByLabelText('是'))
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '可换绑' } })
    fireEvent.click(screen.getByText('提交'))
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1))
    expect(onFinish.mock.calls[0]![0]).toEqual({
      attributes: { 段位: '最强王者', 英雄数量: 120, 典藏皮肤: undefined, 已实名: true, 备注: '可换绑' },
    })
  })
})
