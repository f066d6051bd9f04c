import { afterEach, describe, expect, it } from 'vitest'
import { render, renderHook, screen } from '@testing-library/react'
import { MSG } from '@shared/messages'
import { useSessionStore } from '@renderer/stores/session'
import { HasPermi } from './HasPermi'
import { useHasPermi } from './use-permission'

function as(roles: string[], permissions: string[]) {
  useSessionStore.setState({ roles, permissions })
}

afterEach(() => as([], []))

describe('<HasPermi>', () => {
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

  it('the hook throws its message on an empty list', () => {
    expect(() => renderHook(() => useHasPermi([]))).toThrow(MSG.PERMI_LIST_REQUIRED)
  })
})
