import { Link } from 'react-router-dom'
import { Button, Result } from 'antd'
import { ToolOutlined } from '@ant-design/icons'
import './under-construction.css'

/** The page of a route that is not built yet: its title and a plain 建设中 notice. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="page-container page-under-construction">
      <div className="panel">
        <Result
          icon={<ToolOutlined style={{ color: 'var(--ant-color-primary)' }} />}
          title={<h1 className="page-title">{title}</h1>}
          subTitle="该页面正在建设中，敬请期待"
          extra={
            <Link to="/">
              <Button type="primary">返回首页</Button>
            </Link>
          }
        />
      </div>
    </div>
  )
}

export default UnderConstruction
