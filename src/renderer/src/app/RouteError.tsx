/**
 * A page that failed to load or render (e.g. a stale chunk after an update): offer a reload.
 * The view (antd Result) is a chunk of its own, kept out of every page's first load; when that
 * chunk cannot be loaded either (the deployment changed), the same texts and buttons come plain.
 */
import { lazy, Suspense } from 'react'
import { Button } from 'antd'
import { useRouteError } from 'react-router-dom'

export const ROUTE_ERROR_TEXT = {
  title: '页面加载失败',
  subTitle: '可能是网络不稳定或网站刚刚更新，请刷新页面后重试。',
} as const

export function RouteErrorActions() {
  return [
    <Button type="primary" key="reload" onClick={() => window.location.reload()}>
      刷新页面
    </Button>,
    <Button key="home" href="/">
      返回首页
    </Button>,
  ]
}

function PlainRouteError() {
  return (
    <div className="page-container">
      <div className="panel" role="alert">
        <h1 className="page-title">{ROUTE_ERROR_TEXT.title}</h1>
        <p>{ROUTE_ERROR_TEXT.subTitle}</p>
        <RouteErrorActions />
      </div>
    </div>
  )
}

const RouteErrorView = lazy(() => import('./RouteErrorView').catch(() => ({ default: PlainRouteError })))

export function RouteError() {
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  )
}
