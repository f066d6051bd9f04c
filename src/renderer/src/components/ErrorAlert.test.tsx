import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { ApiError } from '@renderer/api/http'
import { TestProviders } from '@renderer/testing/render-page'
import { errorToShow, toastError } from '@renderer/utils/api-error'
import { ErrorAlert } from './ErrorAlert'

const refused = (notified: boolean) =>
  new ApiError('访问资源不存在', 404, notified, 'business', { code: 404, msg: '订单不存在' })

function renderAlert(error: unknown, fallback?: string) {
  const { container } = render(
    <TestProviders>
      <ErrorAlert error={error} fallback={fallback} />
    </TestProviders>,
  )
  return container.querySelector('.ant-alert')
}

describe('ErrorAlert', () => {
  it("shows the server's own reason of a failure nobody showed yet", () => {
    expect(renderAlert(refused(false))?.textContent).toBe('订单不存在')
    expect(screen.getByRole('alert')).toBeTruthy()
  })

  it('shows nothing without a failure, or for one the request layer already toasted or a canceled call', () => {
    expect(renderAlert(null)).toBeNull()
    expect(renderAlert('')).toBeNull()
    expect(renderAlert(refused(true))).toBeNull()
    expect(renderAlert(new ApiError('请求已取消', 0, false, 'canceled'))).toBeNull()
  })

  it("shows a page's own refusal text as it is, and the fallback for a failure without a message", () => {
    expect(renderAlert('请选择游戏')?.textContent).toBe('请选择游戏')
    expect(renderAlert(new Error(''), '加载失败')?.textContent).toBe('加载失败')
  })

  it('shows nothing for a failure toastError already showed', () => {
    const error = refused(false)
    toastError(error)
    expect(errorToShow(error)).toBeUndefined()
    expect(renderAlert(error)).toBeNull()
  })

  describe('a failed load (onRetry)', () => {
    function renderLoad(error: unknown, retryIcon?: boolean) {
      const onRetry = vi.fn()
      const { container } = render(
        <TestProviders>
          <ErrorAlert error={error} fallback="订单加载失败" onRetry={onRetry} retryIcon={retryIcon} />
        </TestProviders>,
      )
      return { alert: container.querySelector('.ant-alert'), onRetry }
    }

    it("shows the server's reason with a 重试 button that loads again", () => {
      const { alert, onRetry } = renderLoad(refused(false))
      expect(alert?.querySelector('.ant-alert-title')?.textContent).toBe('订单不存在')
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }))
      expect(onRetry).toHaveBeenCalledTimes(1)
      expect(alert?.querySelector('.anticon-reload')).toBeTruthy()
    })

    it('still shows for a failure already toasted, saying what failed to load instead of repeating it', () => {
      const { alert } = renderLoad(refused(true))
      expect(alert?.querySelector('.ant-alert-title')?.textContent).toBe('订单加载失败')
      expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy()
    })

    it('names the 错误编号 of a server fault, for the user to report', () => {
      const fault = new ApiError('网络不稳定，请稍后再试！', 500, true, 'business', {
        code: 500,
        msg: '系统未知错误，请反馈给管理员',
        reason: 'SERVER_ERROR',
        requestId: 'a1b2c3d4e5f6',
      })
      const { alert } = renderLoad(fault)
      expect(alert?.querySelector('.ant-alert-title')?.textContent).toBe('订单加载失败')
      expect(alert?.querySelector('.ant-alert-description')?.textContent).toBe('错误编号 a1b2c3d4e5f6')
      // a refusal has no number to report
      expect(renderLoad(refused(false)).alert?.querySelector('.ant-alert-description')).toBeNull()
    })

    it('shows nothing without a failure, and the button without its icon when asked', () => {
      expect(renderLoad(null).alert).toBeNull()
      expect(renderLoad(new Error(''), false).alert?.querySelector('.anticon-reload')).toBeNull()
    })
  })
})
