import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { HELP_LINKS } from '@shared/help-links'
import { SERVICE_HOURS } from '@shared/constants'
import { TestProviders } from '@renderer/testing/render-page'
import { Footer } from './Footer'

function renderFooter(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }], { initialEntries: [path] })
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  )
  return screen.getByRole('contentinfo')
}

describe('Footer', () => {
  it('links every help entry to its notice, grouped', () => {
    const footer = renderFooter('/')
    for (const link of HELP_LINKS) {
      const group = within(footer)
        .getByRole('heading', { name: link.group })
        .closest('section') as HTMLElement
      expect(within(group).getByRole('link', { name: link.title }).getAttribute('href')).toBe(
        `/platform/noticeDetail/${link.noticeId}.html`,
      )
    }
  })

  it('offers customer service, feedback, disclaimer, submission and the service hours', () => {
    const footer = renderFooter('/')
    const nav = within(footer).getByRole('navigation', { name: '服务与帮助' })
    expect(within(nav).getByRole('button', { name: '联系客服' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: '意见反馈' }).getAttribute('href')).toBe(
      '/platform/feedback.html',
    )
    expect(within(nav).getByRole('link', { name: '免责声明' }).getAttribute('href')).toBe(
      '/platform/noticeDetail/29.html',
    )
    expect(within(nav).getByRole('link', { name: '作品投稿' }).getAttribute('href')).toBe(
      '/platform/noticeDetail/62.html',
    )
    expect(within(footer).getAllByText(new RegExp(SERVICE_HOURS.label)).length).toBeGreaterThan(0)
  })

  it('sits 50px below the content, flush on the notice and feedback pages', () => {
    expect(renderFooter('/userHome.html').style.marginTop).toBe('50px')
  })

  it('is flush on the notice detail page', () => {
    expect(renderFooter('/platform/noticeDetail/29.html').style.marginTop).toBe('0px')
  })
})
