import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import { toast } from './toast'

describe('toast (closable messages)', () => {
  it('shows the text with a close button that removes it', async () => {
    render(<TestProviders>页面</TestProviders>)
    act(() => toast('error', '网络开小差啦，请稍后再试~', 5))
    const text = await screen.findByText('网络开小差啦，请稍后再试~')
    // this toast's own close button (toasts queued by earlier files of the worker may show too)
    const notice = text.closest('.ant-message-notice') as HTMLElement
    fireEvent.click(within(notice).getByRole('button', { name: '关闭提示' }))
    await waitFor(() => expect(screen.queryByText('网络开小差啦，请稍后再试~')).toBeNull())
  })

  it('shows one toast for the same text asked twice', async () => {
    render(<TestProviders>页面</TestProviders>)
    act(() => {
      toast('error', '当前操作没有权限')
      toast('error', '当前操作没有权限')
    })
    await screen.findByText('当前操作没有权限')
    expect(screen.getAllByText('当前操作没有权限')).toHaveLength(1)
  })

  it('a toast asked for before the app mounted appears once it has', async () => {
    toast('warning', '请先登录！')
    render(<TestProviders>页面</TestProviders>)
    expect(await screen.findByText('请先登录！')).toBeTruthy()
  })
})
