import { Button, Result } from 'antd'
import { useRouteError } from 'react-router-dom'

/** A page that failed to load or render (e.g. a stale chunk after an update): offer a reload. */
export function RouteError() {
  const error = useRouteError()
  if (import.meta.env.DEV) console.error(error)
  return (
    <div className="page-container">
      <div className="panel">
        <Result
          status="warning"
          title="页面加载失败"
          subTitle="可能是网络不稳定或网站刚刚更新，请刷新页面后重试。"
          extra={[
            <Button type="primary" key="reload" onClick={() => window.location.reload()}>
              刷新页面
            </Button>,
            <Button key="home" href="/">
              返回首页
            </Button>,
          ]}
        />
      </div>
    </div>
  )
}
