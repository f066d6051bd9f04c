import { Link } from 'react-router-dom'
import { Button, Result } from 'antd'

/** /404.html: unknown addresses end here. */
export default function NotFoundPage() {
  return (
    <div className="page-container">
      <div className="panel">
        <Result
          status="404"
          title="404"
          subTitle="抱歉，您访问的页面不存在或已被删除"
          extra={[
            <Link to="/" key="home">
              <Button type="primary">返回首页</Button>
            </Link>,
            <Link to="/platform/noticeList.html?noticeType=GUIDE" key="guide">
              <Button>查看操作指南</Button>
            </Link>,
          ]}
        />
      </div>
    </div>
  )
}
