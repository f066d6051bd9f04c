/** The built pages, one lazily loaded chunk each, so the home page does not download the others. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { PageKey } from './route-table'

export const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('@renderer/features/home/HomePage')),
  login: lazy(() => import('@renderer/features/auth/LoginPage')),
  register: lazy(() => import('@renderer/features/auth/RegisterPage')),
  notFound: lazy(() => import('@renderer/features/errors/NotFoundPage')),
  noticeList: lazy(() => import('@renderer/features/platform/NoticeListPage')),
  noticeDetail: lazy(() => import('@renderer/features/platform/NoticeDetailPage')),
  userHome: lazy(() => import('@renderer/features/account/UserHomePage')),
}
