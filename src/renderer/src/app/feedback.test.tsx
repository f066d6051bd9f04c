import { describe, expect, it } from 'vitest'
import { message as staticMessage } from 'antd'
import { act, render, screen, waitFor } from '@testing-library/react'
import { TestProviders } from '@renderer/testing/render-page'
import { withFeedback } from './feedback'

describe('withFeedback (message, notification, modal loaded with their first use)', () => {
  it('a confirm dialog has the app locale (ConfigProvider context) and closes on 取消', async () => {
    render(<TestProviders>页面</TestProviders>)
    act(() => withFeedback(({ modal }) => modal.confirm({ title: '退出登录', content: '确定要退出吗？' })))
    expect(await screen.findByText('确定要退出吗？')).toBeTruthy()
    // zh_CN from the app's ConfigProvider (antd's static functions would say OK / Cancel)
    const cancel = screen.getByRole('button', { name: /取\s*消/ })
    expect(screen.getByRole('button', { name: /确\s*定/ })).toBeTruthy()
    act(() => cancel.click())
    await waitFor(() => expect(screen.queryByText('确定要退出吗？')).toBeNull())
  })

  it('a notification asked for before the app mounted appears once it has', async () => {
    withFeedback(({ notification }) => notification.info({ title: '新消息', description: '您有一笔新订单' }))
    render(<TestProviders>页面</TestProviders>)
    expect(await screen.findByText('您有一笔新订单')).toBeTruthy()
  })

  it('with no app mounted, antd static functions serve', async () => {
    withFeedback(({ message }) => void message.info('没有应用也能提示'))
    expect(await screen.findByText('没有应用也能提示', undefined, { timeout: 3000 })).toBeTruthy()
    // a static message lives in its own container outside the test's: closed here, or the next test
    // file in this worker finds a second role="alert" in the document
    act(() => staticMessage.destroy())
    await waitFor(() => expect(screen.queryByText('没有应用也能提示')).toBeNull())
  })
})
