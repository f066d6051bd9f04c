import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
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
})
