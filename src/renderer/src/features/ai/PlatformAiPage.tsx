/** /platform/aiDraw.html: the platform's entry to the AI drawing section. */
import { Link } from 'react-router-dom'
import { Button, Space } from 'antd'
import { AI_PATHS, AiNav } from './AiNav'

export default function PlatformAiPage() {
  return (
    <>
      <AiNav />
      <div className="page-container">
        <section className="panel ai-intro">
          <h1>AI 绘画</h1>
          <p>用一句话画出游戏头像、公会标志和商品封面：方形头像、16:9 封面、3:4 海报，多种画风任选。</p>
          <Space>
            <Link to={AI_PATHS.create}>
              <Button type="primary" size="large">
                开始创作
              </Button>
            </Link>
            <Link to={AI_PATHS.gallery}>
              <Button size="large">逛逛画廊</Button>
            </Link>
            <Link to={AI_PATHS.my}>
              <Button size="large">我的绘画</Button>
            </Link>
          </Space>
        </section>
      </div>
    </>
  )
}
