/** The view of RouteError (RouteError.tsx): antd Result with a reload. */
import { Result } from 'antd'
import { ROUTE_ERROR_TEXT, RouteErrorActions } from './RouteError'

export default function RouteErrorView() {
  return (
    <div className="page-container">
      <div className="panel">
        <Result status="warning" {...ROUTE_ERROR_TEXT} extra={RouteErrorActions()} />
      </div>
    </div>
  )
}
