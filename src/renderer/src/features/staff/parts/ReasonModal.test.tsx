/** The reason dialog (unlock a user, reject a withdrawal…): an empty reason shows the field's message. */
import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import { isFieldsError, validated } from '@renderer/utils/form'
import { ReasonModal } from './ReasonModal'

describe('ReasonModal', () => {
  it('shows 请填写解锁原因 for an empty reason, without an uncaught error, and passes a typed one on', async () => {
    const onOk = vi.fn()
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      render(
        <TestProviders>
          <ReasonModal open title="解锁用户" label="解锁原因" onCancel={() => undefined} onOk={onOk} />
        </TestProviders>,
      )
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }))
      expect(await screen.findByText('请填写解锁原因')).toBeTruthy()
      await new Promise((r) => setTimeout(r, 20))
      expect(onOk).not.toHaveBeenCalled()
      expect(rejections).toEqual([])
      fireEvent.change(screen.getByRole('textbox'), { target: { value: '  核实本人  ' } })
      fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }))
      await waitFor(() => expect(onOk).toHaveBeenCalledWith('核实本人'))
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })
})

describe('validated', () => {
  it("is null for antd's field rejection and throws anything else on", async () => {
    const fields = { validateFields: () => Promise.reject({ errorFields: [{ name: ['reason'] }] }) }
    const broken = { validateFields: () => Promise.reject(new Error('boom')) }
    const fine = { validateFields: () => Promise.resolve({ reason: 'x' }) }
    type F = Parameters<typeof validated<{ reason: string }>>[0]
    expect(await validated(fields as unknown as F)).toBeNull()
    await expect(validated(broken as unknown as F)).rejects.toThrow('boom')
    expect(await validated(fine as unknown as F)).toEqual({ reason: 'x' })
    expect(isFieldsError(new Error('x'))).toBe(false)
  })
})
