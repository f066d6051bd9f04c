/** Navigation that ignores a request for the location already shown (a duplicate navigation is no error). */
import { useCallback } from 'react'
import { resolvePath, useLocation, useNavigate, type NavigateOptions, type To } from 'react-router-dom'

export interface LocationLike {
  pathname: string
  search: string
  hash: string
}

/** True when `to`, resolved against the current path, names the current location. */
export function isSameLocation(to: To, current: LocationLike): boolean {
  const target = resolvePath(to, current.pathname)
  return (
    target.pathname === current.pathname &&
    (target.search || '') === (current.search || '') &&
    (target.hash || '') === (current.hash || '')
  )
}

/** Like useNavigate, but a navigation to the current location does nothing; returns whether it navigated. */
export function useSafeNavigate(): (to: To, options?: NavigateOptions) => boolean {
  const navigate = useNavigate()
  const location = useLocation()
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (isSameLocation(to, location)) return false
      void navigate(to, options)
      return true
    },
    [navigate, location],
  )
}
