import { afterEach, describe, expect, it } from 'vitest'
import { render, renderHook, screen } from '@testing-library/react'
import { MSG } from '@shared/messages'
import { useSessionStore } from '@renderer/stores/session'
import { HasPermi } from './HasPermi'
import { HasRole } from './HasRole'
import { useHasPermi, useHasRole } from './use-permission'

function as(roles: string[], permissions: string[]) {
  useSessionStore.setState({ roles, permissions })
}

afterEach(() => as([], []))

describe('<HasRole> / <HasPermi>', () => {
  it('renders for a listed role and removes the element otherwise', () => {
    as(['seller'], [])
    const { rerender } = render(<HasRole roles={['seller']}>卖家按钮</HasRole>)
    expect(screen.getByText('卖家按钮')).toBeTruthy()
    as(['buyer'], [])
    rerender(<HasRole roles={['seller']}>卖家按钮</HasRole>)
    expect(screen.queryByText('卖家按钮')).toBeNull()
  })

  it('renders everything for admin', () => {
    as(['admin'], [])
    render(<HasRole roles={['finance']}>财务</HasRole>)
    expect(screen.getByText('财务')).toBeTruthy()
  })

  it('renders for a listed permission or *:*:*, not otherwise', () => {
    as([], ['goods:publish'])
    const { rerender } = render(<HasPermi permissions={['goods:publish']}>发布</HasPermi>)
    expect(screen.getByText('发布')).toBeTruthy()
    as([], ['goods:list'])
    rerender(<HasPermi permissions={['goods:publish']}>发布</HasPermi>)
    expect(screen.queryByText('发布')).toBeNull()
    as([], ['*:*:*'])
    rerender(<HasPermi permissions={['goods:publish']}>发布</HasPermi>)
    expect(screen.getByText('发布')).toBeTruthy()
  })

  it('the hooks throw the two messages on an empty list', () => {
    expect(() => renderHook(() => useHasRole([]))).toThrow(MSG.ROLE_LIST_REQUIRED)
    expect(() => renderHook(() => useHasPermi([]))).toThrow(MSG.PERMI_LIST_REQUIRED)
  })
})
